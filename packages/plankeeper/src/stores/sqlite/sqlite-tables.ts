/** The SQLite store's tables as they are now (schema version in sqlite-schema-version.ts). */

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
export const CREATE_TABLES = `
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
export const CREATE_STATES = `
CREATE TABLE plankeeper_states (
  key        TEXT PRIMARY KEY,
  version    INTEGER NOT NULL,
  state      TEXT NOT NULL,
  expires_at INTEGER
);
CREATE INDEX plankeeper_states_expiry
  ON plankeeper_states (expires_at) WHERE expires_at IS NOT NULL;
`;
