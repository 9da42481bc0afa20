/**
 * The SQLite tables and their version. Opening a file creates the tables when they are
 * missing and upgrades an older schema in place; a file whose schema is newer than this
 * code refuses to open instead of being misread. All of it runs under `BEGIN IMMEDIATE`,
 * so processes that open one file at the same moment create or upgrade it exactly once.
 */

import type { Database } from 'better-sqlite3';
import { decodePlanKey } from '../../engine/plan-key.js';
import { newEpoch } from '../../engine/store/epoch.js';
import { StoreSchemaError } from '../store-errors.js';
import { SQLITE_SCHEMA_VERSION } from './sqlite-schema-version.js';

/**
 * Why the tables look like this: a plan write must change as few pages as possible,
 * since each changed page is written to the WAL on every commit.
 *
 * - A plan's row holds its state but not its record, so many plans share one small page.
 * - Its history is a ring of `slots` revision rows (the history limit when the plan was
 *   created): revision number `seq` lives in slot `seq % slots`, and the newest one is
 *   the plan's current record. Once the ring is full, a write overwrites its oldest row
 *   in place, without allocating, freeing or re-indexing anything, and no trimming is
 *   ever needed. A write is therefore two row updates, the plan's and one slot's.
 * - Deleting a plan keeps its row as a tombstone (`live = 0`) so its history, the delete
 *   included, carries on under the same `seq` when the key is written again; writing it
 *   again gives it a new `epoch` (see the store contract).
 * - `changed_at` is the store's time of the plan's newest revision, so a change poller
 *   can ask SQLite for the recently changed plans instead of reading every row.
 */
const CREATE_TABLES = `
CREATE TABLE plankeeper_plans (
  key        TEXT PRIMARY KEY,
  agent      TEXT NOT NULL,
  session    TEXT NOT NULL,
  scope      TEXT,
  live       INTEGER NOT NULL,
  version    INTEGER NOT NULL,
  epoch      TEXT NOT NULL,
  seq        INTEGER NOT NULL,
  slots      INTEGER NOT NULL,
  total      INTEGER NOT NULL,
  open       INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER,
  changed_at INTEGER NOT NULL
);
CREATE INDEX plankeeper_plans_owner ON plankeeper_plans (agent, session);
CREATE INDEX plankeeper_plans_expiry
  ON plankeeper_plans (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE plankeeper_revisions (
  key     TEXT NOT NULL,
  slot    INTEGER NOT NULL,
  seq     INTEGER NOT NULL,
  version INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  record  TEXT,
  source  TEXT NOT NULL,
  origin  TEXT NOT NULL,
  PRIMARY KEY (key, slot)
);
`;

/**
 * Harness states (see the store contract), one row per key, apart from the plans so that
 * a state write changes neither a plan's row nor its ring and the change poller, which
 * reads the plans, never sees it. Expired rows are purged by later state writes, through
 * the partial index. Not part of CREATE_TABLES, which the upgrade to schema 3 re-creates.
 */
const CREATE_STATES = `
CREATE TABLE plankeeper_states (
  key        TEXT PRIMARY KEY,
  version    INTEGER NOT NULL,
  state      TEXT NOT NULL,
  expires_at INTEGER
);
CREATE INDEX plankeeper_states_expiry
  ON plankeeper_states (expires_at) WHERE expires_at IS NOT NULL;
`;

const CREATE = `
CREATE TABLE plankeeper_meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
${CREATE_TABLES}${CREATE_STATES}`;

/** What an upgrade step may need to know about the store opening the file. */
interface UpgradeContext {
  /** History slots given to each upgraded plan: the opening store's history limit. */
  historyLimit: number;
}

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

interface V2Plan {
  key: string;
  agent: string;
  session: string;
  scope: string | null;
  version: number;
  record: string;
  total: number;
  open: number;
  updated_at: number;
  expires_at: number | null;
}

interface V2Revision {
  version: number;
  at: number;
  record: string | null;
  source: string;
  origin: string;
}

/**
 * Each plan's revisions, oldest first, get `seq` 1..n and keep the newest `historyLimit`
 * of them in its ring. A key whose plan was deleted keeps its history under a tombstone.
 * Should the newest revision not be the plan itself (it always is when plankeeper wrote
 * the file), the plan is added as one more revision so that it stays readable.
 */
function upgradeToRings(db: Database, { historyLimit }: UpgradeContext): void {
  db.exec(`
DROP INDEX plankeeper_plans_owner;
DROP INDEX plankeeper_plans_expiry;
DROP INDEX plankeeper_revisions_key;
ALTER TABLE plankeeper_plans RENAME TO plankeeper_plans_v2;
ALTER TABLE plankeeper_revisions RENAME TO plankeeper_revisions_v2;
${CREATE_TABLES}`);
  const plans = new Map(
    (db.prepare('SELECT * FROM plankeeper_plans_v2').all() as V2Plan[]).map((plan) => [
      plan.key,
      plan,
    ]),
  );
  // The empty key is schema 2's placeholder that kept revision ids growing, not a plan.
  const keys = new Set([
    ...plans.keys(),
    ...(
      db.prepare(`SELECT DISTINCT key FROM plankeeper_revisions_v2 WHERE key <> ''`).all() as {
        key: string;
      }[]
    ).map((row) => row.key),
  ]);
  const revisionsOf = db.prepare(
    'SELECT version, at, record, source, origin FROM plankeeper_revisions_v2 WHERE key = ? ORDER BY id',
  );
  const insertPlan = db.prepare(
    `INSERT INTO plankeeper_plans
       (key, agent, session, scope, live, version, epoch, seq, slots, total, open, updated_at,
        expires_at, changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRevision = db.prepare(
    `INSERT INTO plankeeper_revisions (key, slot, seq, version, at, record, source, origin)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const key of keys) {
    const plan = plans.get(key);
    const revisions = revisionsOf.all(key) as V2Revision[];
    const newest = revisions.at(-1);
    if (plan && (newest?.version !== plan.version || newest.record !== plan.record)) {
      revisions.push({
        version: plan.version,
        at: plan.updated_at,
        record: plan.record,
        source: '{"tool":"host:upgrade"}',
        origin: 'upgrade',
      });
    }
    const last = revisions.at(-1)!;
    const owner = plan ?? tombstoneOwner(key);
    insertPlan.run(
      key,
      owner.agent,
      owner.session,
      owner.scope,
      plan ? 1 : 0,
      plan ? plan.version : last.version,
      newEpoch(),
      revisions.length,
      historyLimit,
      plan?.total ?? 0,
      plan?.open ?? 0,
      plan?.updated_at ?? last.at,
      plan?.expires_at ?? null,
      last.at,
    );
    revisions.forEach((revision, index) => {
      const seq = index + 1;
      if (seq <= revisions.length - historyLimit) return;
      insertRevision.run(
        key,
        seq % historyLimit,
        seq,
        revision.version,
        revision.at,
        revision.record,
        revision.source,
        revision.origin,
      );
    });
  }
  db.exec('DROP TABLE plankeeper_plans_v2; DROP TABLE plankeeper_revisions_v2;');
}

function tombstoneOwner(key: string): Pick<V2Plan, 'agent' | 'session' | 'scope'> {
  const { agent, session, scope } = decodePlanKey(key);
  return { agent, session, scope: scope ? JSON.stringify(scope) : null };
}

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
