/**
 * The SQL of the SQLite store, prepared once per connection: the plans table (one row per
 * key, with its version, epoch and ring position), the revision ring, listings and the
 * harness state. The store runs them; this file holds only the queries.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type {
  CurrentRow,
  HarnessStateRow,
  HistoryRow,
  PlanStateRow,
  RingPosition,
} from './sqlite-rows.js';

/** A row is live while it has no expiry or its expiry is still ahead. */
const LIVE_ROW = '(expires_at IS NULL OR expires_at > ?)';

export interface SqliteStatements {
  readonly selectCurrent: Statement<[string], CurrentRow>;
  readonly selectState: Statement<[string], PlanStateRow>;
  readonly insertPlan: Statement<
    [
      string,
      string,
      string,
      string | null,
      string,
      number,
      number,
      number,
      number,
      number | null,
      number,
    ]
  >;
  readonly updatePlan: Statement<
    [number, number, number, number | null, number, string, number, string | null, number],
    RingPosition & { epoch: string }
  >;
  readonly revivePlan: Statement<
    [string, number, number, number, number | null, number, string],
    RingPosition
  >;
  readonly tombstonePlan: Statement<[number, string], RingPosition & { version: number }>;
  readonly deletePlan: Statement<[string]>;
  readonly updateSlot: Statement<
    [number, number, number, string | null, string, string, string, number]
  >;
  readonly insertSlot: Statement<
    [string, number, number, number, number, string | null, string, string]
  >;
  readonly deleteRevisions: Statement<[string]>;
  readonly selectHistory: Statement<[string, number], HistoryRow>;
  readonly anyExpired: Statement<[number], { one: number }>;
  readonly purgeExpiredRevisions: Statement<[number]>;
  readonly purgeExpiredPlans: Statement<[number]>;
  readonly listStatements: Record<'all' | 'agent' | 'session' | 'both', Statement>;
  readonly selectHarnessState: Statement<[string], HarnessStateRow>;
  readonly upsertHarnessState: Statement<[string, number, string, number | null]>;
  readonly deleteHarnessState: Statement<[string]>;
  readonly purgeExpiredHarnessStates: Statement<[number]>;
}

/** Every statement the store runs, prepared on `db`. */
export function prepareStatements(db: SqliteDatabase): SqliteStatements {
  return { ...planStatements(db), ...revisionStatements(db), ...listAndStateStatements(db) };
}

function planStatements(
  db: SqliteDatabase,
): Pick<
  SqliteStatements,
  | 'selectCurrent'
  | 'selectState'
  | 'insertPlan'
  | 'updatePlan'
  | 'revivePlan'
  | 'tombstonePlan'
  | 'deletePlan'
> {
  return {
    // The plan's record is its newest revision, in ring slot seq % slots.
    selectCurrent: db.prepare(
      `SELECT plan.version, plan.epoch, plan.expires_at, slot.record, slot.seq IS plan.seq AS intact
     FROM plankeeper_plans AS plan
     LEFT JOIN plankeeper_revisions AS slot
       ON slot.key = plan.key AND slot.slot = plan.seq % plan.slots
     WHERE plan.key = ? AND plan.live = 1`,
    ),
    selectState: db.prepare('SELECT live, version, expires_at FROM plankeeper_plans WHERE key = ?'),
    insertPlan: db.prepare(
      `INSERT INTO plankeeper_plans
       (key, agent, session, scope, live, version, epoch, seq, slots, total, open, updated_at,
        expires_at, changed_at)
     VALUES (?, ?, ?, ?, 1, 1, ?, 1, ?, ?, ?, ?, ?, ?)`,
    ),
    updatePlan: db.prepare(
      `UPDATE plankeeper_plans
     SET version = version + 1, seq = seq + 1, total = ?, open = ?, updated_at = ?, expires_at = ?,
       changed_at = ?
     WHERE key = ? AND live = 1 AND version = ? AND epoch = coalesce(?, epoch) AND ${LIVE_ROW}
     RETURNING seq, slots, epoch`,
    ),
    revivePlan: db.prepare(
      `UPDATE plankeeper_plans
     SET live = 1, version = 1, epoch = ?, seq = seq + 1, total = ?, open = ?, updated_at = ?,
       expires_at = ?, changed_at = ?
     WHERE key = ? AND live = 0
     RETURNING seq, slots`,
    ),
    tombstonePlan: db.prepare(
      `UPDATE plankeeper_plans
     SET live = 0, version = version + 1, seq = seq + 1, total = 0, open = 0, changed_at = ?
     WHERE key = ? AND live = 1
     RETURNING version, seq, slots`,
    ),
    deletePlan: db.prepare('DELETE FROM plankeeper_plans WHERE key = ?'),
  };
}

function revisionStatements(
  db: SqliteDatabase,
): Pick<
  SqliteStatements,
  | 'updateSlot'
  | 'insertSlot'
  | 'deleteRevisions'
  | 'selectHistory'
  | 'anyExpired'
  | 'purgeExpiredRevisions'
  | 'purgeExpiredPlans'
> {
  return {
    updateSlot: db.prepare(
      `UPDATE plankeeper_revisions
     SET seq = ?, version = ?, at = ?, record = ?, source = ?, origin = ?
     WHERE key = ? AND slot = ?`,
    ),
    insertSlot: db.prepare(
      `INSERT INTO plankeeper_revisions (key, slot, seq, version, at, record, source, origin)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    deleteRevisions: db.prepare('DELETE FROM plankeeper_revisions WHERE key = ?'),
    selectHistory: db.prepare(
      `SELECT version, at, record, source FROM plankeeper_revisions
     WHERE key = ? ORDER BY seq DESC LIMIT ?`,
    ),
    anyExpired: db.prepare('SELECT 1 AS one FROM plankeeper_plans WHERE expires_at <= ? LIMIT 1'),
    purgeExpiredRevisions: db.prepare(
      `DELETE FROM plankeeper_revisions WHERE key IN (
       SELECT key FROM plankeeper_plans WHERE expires_at <= ?)`,
    ),
    purgeExpiredPlans: db.prepare('DELETE FROM plankeeper_plans WHERE expires_at <= ?'),
  };
}

function listAndStateStatements(
  db: SqliteDatabase,
): Pick<
  SqliteStatements,
  | 'listStatements'
  | 'selectHarnessState'
  | 'upsertHarnessState'
  | 'deleteHarnessState'
  | 'purgeExpiredHarnessStates'
> {
  const listSql = (where: string) =>
    `SELECT key, version, updated_at, total, open FROM plankeeper_plans
     WHERE live = 1 AND (expires_at IS NULL OR expires_at > @now) ${where} ORDER BY key`;
  return {
    listStatements: {
      all: db.prepare(listSql('')),
      agent: db.prepare(listSql('AND agent = @agent')),
      session: db.prepare(listSql('AND session = @session')),
      both: db.prepare(listSql('AND agent = @agent AND session = @session')),
    },
    selectHarnessState: db.prepare(
      'SELECT version, state, expires_at FROM plankeeper_states WHERE key = ?',
    ),
    upsertHarnessState: db.prepare(
      `INSERT INTO plankeeper_states (key, version, state, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE
     SET version = excluded.version, state = excluded.state, expires_at = excluded.expires_at`,
    ),
    deleteHarnessState: db.prepare('DELETE FROM plankeeper_states WHERE key = ?'),
    purgeExpiredHarnessStates: db.prepare('DELETE FROM plankeeper_states WHERE expires_at <= ?'),
  };
}
