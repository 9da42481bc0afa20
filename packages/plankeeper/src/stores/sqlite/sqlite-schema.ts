/**
 * The SQLite tables and their version. Opening a file creates the tables when they are
 * missing and upgrades an older schema in place; a file whose schema is newer than this
 * code refuses to open instead of being misread. All of it runs under `BEGIN IMMEDIATE`,
 * so processes that open one file at the same moment create or upgrade it exactly once.
 */
import type { Database } from 'better-sqlite3';
import { StoreSchemaError } from '../store-errors.js';
import { SQLITE_SCHEMA_VERSION } from './sqlite-schema-version.js';
import { CREATE_STATES, CREATE_TABLES } from './sqlite-tables.js';
import { type UpgradeContext, upgradeToRings } from './sqlite-upgrade-to-rings.js';

const CREATE = `
CREATE TABLE plankeeper_meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
${CREATE_TABLES}${CREATE_STATES}`;

/** Step from version N to N + 1, keyed by N. Each keeps every plan and its history. */
const UPGRADES: Record<number, (db: Database, context: UpgradeContext) => void> = {
  // 1 → 2: revisions lose AUTOINCREMENT; rows and ids are copied as they are.
  1: (db) =>
    db.exec(`
DROP INDEX plankeeper_revisions_key;
ALTER TABLE plankeeper_revisions RENAME TO plankeeper_revisions_v1;
CREATE TABLE plankeeper_revisions (
  id INTEGER PRIMARY KEY, key TEXT NOT NULL, version INTEGER NOT NULL, at INTEGER NOT NULL,
  record TEXT, source TEXT NOT NULL, origin TEXT NOT NULL);
CREATE INDEX plankeeper_revisions_key ON plankeeper_revisions (key, id);
INSERT INTO plankeeper_revisions (id, key, version, at, record, source, origin)
  SELECT id, key, version, at, record, source, origin FROM plankeeper_revisions_v1;
DROP TABLE plankeeper_revisions_v1;
`),
  // 2 → 3: a revision log with a copy of the record in the plan row becomes a ring per plan.
  2: upgradeToRings,
  // 3 → 4: harness states get their table; no plan or revision changes.
  3: (db) => db.exec(CREATE_STATES),
};

/** Creates, upgrades or checks the schema; throws {@link StoreSchemaError} for a newer or foreign one. */
export function prepareSchema(
  db: Database,
  file: string,
  context: UpgradeContext & { readOnly?: boolean },
): void {
  // A file already at this version needs nothing, and reading that takes no write lock: a
  // process that opens the store for one call (a coding agent's hook) does not wait for
  // another process's write just to check the schema. Anything else is decided below,
  // under the lock, so that concurrent openers create or upgrade the file exactly once.
  if (hasCurrentSchema(db)) return;
  const prepare = db.transaction(() => {
    const hasMeta = db
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plankeeper_meta'`)
      .get();
    if (!hasMeta && context.readOnly) {
      throw new StoreSchemaError(
        `${file} holds no plan store, and one opened read-only creates none. Point the store at another file.`,
      );
    }
    if (!hasMeta) {
      db.exec(CREATE);
      db.prepare(`INSERT INTO plankeeper_meta (name, value) VALUES ('schema_version', ?)`).run(
        String(SQLITE_SCHEMA_VERSION),
      );
      return;
    }
    const row = db
      .prepare(`SELECT value FROM plankeeper_meta WHERE name = 'schema_version'`)
      .get() as { value: string } | undefined;
    const found = Number(row?.value);
    if (!Number.isInteger(found) || found < 1) {
      throw new StoreSchemaError(
        `${file} has a plankeeper_meta table without a schema version; it was not written by plankeeper. Point the store at another file.`,
      );
    }
    if (found > SQLITE_SCHEMA_VERSION) {
      throw new StoreSchemaError(
        `${file} uses plan store schema version ${found}, but this plankeeper knows up to version ${SQLITE_SCHEMA_VERSION}. Upgrade plankeeper to open it.`,
      );
    }
    if (found < SQLITE_SCHEMA_VERSION && context.readOnly) {
      throw new StoreSchemaError(
        `${file} uses plan store schema version ${found} and needs an upgrade to version ${SQLITE_SCHEMA_VERSION}, which a store opened read-only cannot make. Open it once where it can be written.`,
      );
    }
    for (let version = found; version < SQLITE_SCHEMA_VERSION; version++) {
      const step = UPGRADES[version];
      if (step === undefined) {
        throw new StoreSchemaError(
          `${file} uses plan store schema version ${version}, which this plankeeper cannot upgrade. Open it with the plankeeper release that wrote it and export the plans.`,
        );
      }
      step(db, context);
    }
    if (found < SQLITE_SCHEMA_VERSION) {
      db.prepare(`UPDATE plankeeper_meta SET value = ? WHERE name = 'schema_version'`).run(
        String(SQLITE_SCHEMA_VERSION),
      );
    }
  });
  // A read-only connection cannot take the write lock; it only reads the version.
  if (context.readOnly) prepare.deferred();
  else prepare.immediate();
}

/** True when the file has plankeeper's tables at this code's schema version. */
function hasCurrentSchema(db: Database): boolean {
  const hasMeta = db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plankeeper_meta'`)
    .get();
  if (!hasMeta) return false;
  const row = db.prepare(`SELECT value FROM plankeeper_meta WHERE name = 'schema_version'`).get() as
    | { value: string }
    | undefined;
  return row?.value === String(SQLITE_SCHEMA_VERSION);
}
