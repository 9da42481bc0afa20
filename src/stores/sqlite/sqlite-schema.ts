/**
 * The SQLite tables and their version. Opening a file creates the tables when they are
 * missing; a file whose schema is newer than this code refuses to open instead of being
 * misread. All of it runs under `BEGIN IMMEDIATE`, so processes that open one new file
 * at the same moment create the schema exactly once.
 */
import type { Database } from 'better-sqlite3';
import { StoreSchemaError } from '../store-errors.js';

/** Bump when the tables change, and add the step from the previous version below. */
export const SQLITE_SCHEMA_VERSION = 1;

const CREATE_V1 = `
CREATE TABLE IF NOT EXISTS plankeeper_meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS plankeeper_plans (
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
CREATE INDEX IF NOT EXISTS plankeeper_plans_owner ON plankeeper_plans (agent, session);
CREATE INDEX IF NOT EXISTS plankeeper_plans_expiry
  ON plankeeper_plans (expires_at) WHERE expires_at IS NOT NULL;
-- AUTOINCREMENT: ids are never reused, so "revisions after id N" is a sound change feed
-- even after old revisions are trimmed or purged.
CREATE TABLE IF NOT EXISTS plankeeper_revisions (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  key     TEXT NOT NULL,
  version INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  record  TEXT,
  source  TEXT NOT NULL,
  origin  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS plankeeper_revisions_key ON plankeeper_revisions (key, id);
`;

/** Creates or checks the schema; throws {@link StoreSchemaError} for a newer or foreign one. */
export function prepareSchema(db: Database, file: string): void {
  db.transaction(() => {
    const hasMeta = db
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plankeeper_meta'`)
      .get();
    if (hasMeta) {
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
      return;
    }
    db.exec(CREATE_V1);
    db.prepare(`INSERT INTO plankeeper_meta (name, value) VALUES ('schema_version', ?)`).run(
      String(SQLITE_SCHEMA_VERSION),
    );
  }).immediate();
}
