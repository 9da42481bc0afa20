/**
 * The SQLite tables and their version. Opening a file creates the tables when they are
 * missing and upgrades an older schema in place; a file whose schema is newer than this
 * code refuses to open instead of being misread. All of it runs under `BEGIN IMMEDIATE`,
 * so processes that open one file at the same moment create or upgrade it exactly once.
 */
import type { Database } from 'better-sqlite3';
import { StoreSchemaError } from '../store-errors.js';

/** Bump when the tables change, and add the step from the previous version to UPGRADES. */
export const SQLITE_SCHEMA_VERSION = 2;

/**
 * Revision ids are a plain INTEGER PRIMARY KEY, not AUTOINCREMENT: AUTOINCREMENT updates
 * its counter row in `sqlite_sequence` on every insert, one more page per plan write.
 * SQLite picks max(id) + 1, so ids only grow as long as the newest row is never deleted;
 * the store keeps that true when it purges (see SqlitePlanStore), which keeps "revisions
 * after id N" a sound change feed.
 */
const CREATE_REVISIONS = `
CREATE TABLE plankeeper_revisions (
  id      INTEGER PRIMARY KEY,
  key     TEXT NOT NULL,
  version INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  record  TEXT,
  source  TEXT NOT NULL,
  origin  TEXT NOT NULL
);
CREATE INDEX plankeeper_revisions_key ON plankeeper_revisions (key, id);
`;

const CREATE = `
CREATE TABLE plankeeper_meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE plankeeper_plans (
  key        TEXT PRIMARY KEY,
  agent      TEXT NOT NULL,
  session    TEXT NOT NULL,
  scope      TEXT,
  version    INTEGER NOT NULL,
  record     TEXT NOT NULL,
  total      INTEGER NOT NULL,
  open       INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER
);
CREATE INDEX plankeeper_plans_owner ON plankeeper_plans (agent, session);
CREATE INDEX plankeeper_plans_expiry
  ON plankeeper_plans (expires_at) WHERE expires_at IS NOT NULL;
${CREATE_REVISIONS}`;

/** Step from version N to N + 1, keyed by N. Each keeps every plan and revision. */
const UPGRADES: Record<number, string> = {
  // 1 → 2: revisions lose AUTOINCREMENT; rows and ids are copied as they are.
  1: `
DROP INDEX plankeeper_revisions_key;
ALTER TABLE plankeeper_revisions RENAME TO plankeeper_revisions_v1;
${CREATE_REVISIONS}
INSERT INTO plankeeper_revisions (id, key, version, at, record, source, origin)
  SELECT id, key, version, at, record, source, origin FROM plankeeper_revisions_v1;
DROP TABLE plankeeper_revisions_v1;
`,
};

/** Creates, upgrades or checks the schema; throws {@link StoreSchemaError} for a newer or foreign one. */
export function prepareSchema(db: Database, file: string): void {
  db.transaction(() => {
    const hasMeta = db
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plankeeper_meta'`)
      .get();
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
    for (let version = found; version < SQLITE_SCHEMA_VERSION; version++) {
      const step = UPGRADES[version];
      if (step === undefined) {
        throw new StoreSchemaError(
          `${file} uses plan store schema version ${version}, which this plankeeper cannot upgrade. Open it with the plankeeper release that wrote it and export the plans.`,
        );
      }
      db.exec(step);
    }
    if (found < SQLITE_SCHEMA_VERSION) {
      db.prepare(`UPDATE plankeeper_meta SET value = ? WHERE name = 'schema_version'`).run(
        String(SQLITE_SCHEMA_VERSION),
      );
    }
  }).immediate();
}
