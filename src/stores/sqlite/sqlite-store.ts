/**
 * A plan store in one SQLite file, shared safely by every process on the machine.
 * WAL lets readers run beside the one writer; `busy_timeout` makes a writer wait its
 * turn instead of failing; every write is one `BEGIN IMMEDIATE` transaction that checks
 * the version and writes plan and revision together, so compare-and-set holds across
 * processes and a crash leaves either the old plan or the new one.
 *
 * @example
 * const store = new SqlitePlanStore({ path: '.plankeeper/plans.db' });
 * const engine = new PlanEngine({ store });
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database, {
  type Database as SqliteDatabase,
  type Statement,
  type Transaction,
} from 'better-sqlite3';
import { decodePlanKey, encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { ChangeListeners } from '../../engine/store/change-listeners.js';
import type {
  ChangeSource,
  CompareAndSetResult,
  ListFilter,
  PlanChange,
  PlanListing,
  PlanRevision,
  PlanStore,
  Unsubscribe,
  VersionedPlan,
  WriteOptions,
} from '../../engine/store/plan-store.js';
import { decodeRecord } from '../../engine/store/record-codec.js';
import type { PlanRecord } from '../../engine/todo-item.js';
import { HOST_DELETE } from '../shared/change-source.js';
import { prepareWrite } from '../shared/prepared-write.js';
import { resolveDuration, resolveHistoryLimit } from '../shared/store-options.js';
import { ChangePoller, type RevisionRow } from './change-poller.js';
import { prepareSchema } from './sqlite-schema.js';

export interface SqliteStoreOptions {
  /** Database file; its directory is created when missing. `:memory:` keeps plans in this instance only. */
  path: string;
  /** Revisions kept per plan. Default 50. */
  historyLimit?: number;
  /** How long a write waits for another process's write lock before failing. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** How often subscribers check for changes made by other processes. Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * `normal` (default) survives a crash of any process; `full` also survives power loss,
   * at the cost of one fsync per write.
   */
  synchronous?: 'normal' | 'full';
  /**
   * WAL pages before a checkpoint copies them into the database (the checkpoint is what
   * syncs to disk in `normal` mode). Default 4000 (about 16 MB of WAL): a checkpoint every
   * few hundred plan writes instead of every hundred or so keeps that fsync out of almost
   * every agent step.
   */
  walCheckpointPages?: number;
}

/**
 * Revisions beyond the limit are trimmed every this many versions rather than on every
 * write, which saves a DELETE per write; `history()` still returns at most the limit.
 */
const TRIM_EVERY = 16;

interface PlanStateRow {
  version: number;
  expires_at: number | null;
}

interface PlanRow {
  version: number;
  record: string;
  expires_at: number | null;
}

interface ListingRow {
  key: string;
  version: number;
  updated_at: number;
  total: number;
  open: number;
}

type HistoryRow = Pick<RevisionRow, 'version' | 'at' | 'record' | 'source'>;

/**
 * Key of the placeholder row that holds the newest revision id when a purge deleted the
 * newest real revision (see {@link SqlitePlanStore.purgeKeepingIds}). No plan key is empty.
 */
const ID_PLACEHOLDER_KEY = '';

export class SqlitePlanStore implements PlanStore {
  /** The open better-sqlite3 handle, for maintenance and tests; do not write plans through it. */
  readonly db: SqliteDatabase;
  readonly path: string;
  private readonly historyLimit: number;
  /** Tags this instance's revisions so the poller does not deliver them a second time. */
  private readonly origin = randomUUID();
  private readonly listeners = new ChangeListeners();
  private readonly poller: ChangePoller;
  private closed = false;

  private readonly selectPlan: Statement<[string], PlanRow>;
  private readonly selectState: Statement<[string], PlanStateRow>;
  private readonly insertPlan: Statement<
    [string, string, string, string | null, number, string, number, number, number, number | null]
  >;
  private readonly updatePlan: Statement<
    [number, string, number, number, number, number | null, string, number, number]
  >;
  private readonly deletePlan: Statement<[string]>;
  private readonly insertRevision: Statement<
    [string, number, number, string | null, string, string]
  >;
  private readonly trimRevisions: Statement<[string, string, number]>;
  private readonly deleteRevisions: Statement<[string]>;
  private readonly selectHistory: Statement<[string, number], HistoryRow>;
  private readonly anyExpired: Statement<[number], { one: number }>;
  private readonly purgeExpiredRevisions: Statement<[number]>;
  private readonly purgeExpiredPlans: Statement<[number]>;
  private readonly newestRevisionId: Statement<[], { id: number | null }>;
  private readonly insertIdPlaceholder: Statement<[number, number, string]>;
  private readonly deleteOldPlaceholders: Statement<[]>;
  private readonly writeTransaction: Transaction<(work: () => unknown) => unknown>;
  private readonly listStatements: Record<'all' | 'agent' | 'session' | 'both', Statement>;

  constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    this.historyLimit = resolveHistoryLimit(options.historyLimit);
    const busyTimeoutMs = resolveDuration('busyTimeoutMs', options.busyTimeoutMs, 5000);
    const pollIntervalMs = Math.max(
      1,
      resolveDuration('pollIntervalMs', options.pollIntervalMs, 250),
    );
    const inMemory = options.path === ':memory:' || options.path === '';
    if (!inMemory) mkdirSync(dirname(resolve(options.path)), { recursive: true });
    this.db = new Database(options.path, { timeout: busyTimeoutMs });
    try {
      if (!inMemory) {
        this.db.pragma('journal_mode = WAL');
        this.db.pragma(`wal_autocheckpoint = ${options.walCheckpointPages ?? 4000}`);
      }
      this.db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
      prepareSchema(this.db, options.path);
    } catch (error) {
      this.db.close();
      throw error;
    }

    const db = this.db;
    this.writeTransaction = db.transaction((work: () => unknown) => work());
    this.selectPlan = db.prepare(
      'SELECT version, record, expires_at FROM plankeeper_plans WHERE key = ?',
    );
    this.selectState = db.prepare('SELECT version, expires_at FROM plankeeper_plans WHERE key = ?');
    this.insertPlan = db.prepare(
      `INSERT INTO plankeeper_plans
         (key, agent, session, scope, version, record, total, open, updated_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.updatePlan = db.prepare(
      `UPDATE plankeeper_plans
       SET version = ?, record = ?, total = ?, open = ?, updated_at = ?, expires_at = ?
       WHERE key = ? AND version = ? AND (expires_at IS NULL OR expires_at > ?)`,
    );
    this.deletePlan = db.prepare('DELETE FROM plankeeper_plans WHERE key = ?');
    this.insertRevision = db.prepare(
      `INSERT INTO plankeeper_revisions (key, version, at, record, source, origin)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.trimRevisions = db.prepare(
      `DELETE FROM plankeeper_revisions WHERE key = ? AND id <= (
         SELECT id FROM plankeeper_revisions WHERE key = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
    );
    this.deleteRevisions = db.prepare('DELETE FROM plankeeper_revisions WHERE key = ?');
    this.selectHistory = db.prepare(
      `SELECT version, at, record, source FROM plankeeper_revisions
       WHERE key = ? ORDER BY id DESC LIMIT ?`,
    );
    this.anyExpired = db.prepare(
      'SELECT 1 AS one FROM plankeeper_plans WHERE expires_at <= ? LIMIT 1',
    );
    this.purgeExpiredRevisions = db.prepare(
      `DELETE FROM plankeeper_revisions WHERE key IN (
         SELECT key FROM plankeeper_plans WHERE expires_at <= ?)`,
    );
    this.purgeExpiredPlans = db.prepare('DELETE FROM plankeeper_plans WHERE expires_at <= ?');
    this.newestRevisionId = db.prepare('SELECT max(id) AS id FROM plankeeper_revisions');
    this.insertIdPlaceholder = db.prepare(
      `INSERT INTO plankeeper_revisions (id, key, version, at, record, source, origin)
       VALUES (?, '${ID_PLACEHOLDER_KEY}', 0, ?, NULL, '{"tool":"host:purge"}', ?)`,
    );
    this.deleteOldPlaceholders = db.prepare(
      `DELETE FROM plankeeper_revisions WHERE key = '${ID_PLACEHOLDER_KEY}'
         AND id < (SELECT max(id) FROM plankeeper_revisions)`,
    );
    const listSql = (where: string) =>
      `SELECT key, version, updated_at, total, open FROM plankeeper_plans
       WHERE (expires_at IS NULL OR expires_at > @now) ${where} ORDER BY key`;
    this.listStatements = {
      all: db.prepare(listSql('')),
      agent: db.prepare(listSql('AND agent = @agent')),
      session: db.prepare(listSql('AND session = @session')),
      both: db.prepare(listSql('AND agent = @agent AND session = @session')),
    };
    this.poller = new ChangePoller(db, pollIntervalMs, (row) => this.deliverForeign(row));
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    const name = encodePlanKey(key);
    const row = this.selectPlan.get(name);
    if (!row) return undefined;
    if (isExpired(row.expires_at, Date.now())) {
      this.purgeIfExpired(name);
      return undefined;
    }
    return { version: row.version, record: decodeRecord(name, row.record) };
  }

  async compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options: WriteOptions = {},
  ): Promise<CompareAndSetResult> {
    const { name, ttlMs, text, total, open, source, sourceText } = prepareWrite(
      key,
      expectedVersion,
      record,
      options,
    );

    const result = this.inWriteTransaction((): CompareAndSetResult & { at?: number } => {
      const at = Date.now();
      const expiresAt = ttlMs === undefined ? null : at + ttlMs;
      const version = expectedVersion + 1;
      if (expectedVersion > 0) {
        // The common case, an update, checks and writes in one statement.
        const updated = this.updatePlan.run(
          version,
          text,
          total,
          open,
          record.updatedAt,
          expiresAt,
          name,
          expectedVersion,
          at,
        ).changes;
        if (updated === 0) return { ok: false, currentVersion: this.liveVersion(name, at) };
      } else {
        const currentVersion = this.liveVersion(name, at);
        if (currentVersion !== 0) return { ok: false, currentVersion };
        this.insertPlan.run(
          name,
          key.agent,
          key.session,
          key.scope && key.scope.length > 0 ? JSON.stringify(key.scope) : null,
          version,
          text,
          total,
          open,
          record.updatedAt,
          expiresAt,
        );
      }
      this.addRevision(name, version, at, text, sourceText);
      return { ok: true, version, at };
    });

    if (!result.ok) return result;
    if (this.listeners.size > 0) {
      this.listeners.emit({
        key: decodePlanKey(name),
        version: result.version,
        at: result.at!,
        record,
        source,
      });
    }
    return { ok: true, version: result.version };
  }

  async delete(key: PlanKey, options: { source?: ChangeSource } = {}): Promise<boolean> {
    const name = encodePlanKey(key);
    const source = options.source ?? HOST_DELETE;
    const deleted = this.inWriteTransaction(() => {
      const at = Date.now();
      const currentVersion = this.liveVersion(name, at);
      if (currentVersion === 0) return undefined;
      this.deletePlan.run(name);
      this.addRevision(name, currentVersion + 1, at, null, JSON.stringify(source));
      return { version: currentVersion + 1, at };
    });
    if (!deleted) return false;
    this.emit({ key: decodePlanKey(name), ...deleted, record: null, source });
    return true;
  }

  async list(filter: ListFilter = {}): Promise<PlanListing[]> {
    const now = Date.now();
    if (this.anyExpired.get(now)) this.purgeExpired(now);
    const which =
      filter.agent !== undefined && filter.session !== undefined
        ? 'both'
        : filter.agent !== undefined
          ? 'agent'
          : filter.session !== undefined
            ? 'session'
            : 'all';
    const rows = this.listStatements[which].all({
      now,
      ...(filter.agent !== undefined && { agent: filter.agent }),
      ...(filter.session !== undefined && { session: filter.session }),
    }) as ListingRow[];
    return rows.map((row) => ({
      key: decodePlanKey(row.key),
      version: row.version,
      updatedAt: row.updated_at,
      total: row.total,
      open: row.open,
    }));
  }

  async history(key: PlanKey, options: { limit?: number } = {}): Promise<PlanRevision[]> {
    const name = encodePlanKey(key);
    const state = this.selectState.get(name);
    if (state && isExpired(state.expires_at, Date.now())) {
      this.purgeIfExpired(name);
      return [];
    }
    const limit = Math.min(options.limit ?? this.historyLimit, this.historyLimit);
    if (limit <= 0) return [];
    return this.selectHistory
      .all(name, limit)
      .reverse()
      .map((row) => decodeRevision(name, row));
  }

  subscribe(listener: (change: PlanChange) => void): Promise<Unsubscribe> {
    return this.listeners.subscribe(listener, {
      start: () => {
        if (!this.closed) this.poller.start();
      },
      stop: () => this.poller.stop(),
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.poller.stop();
    this.listeners.clear();
    this.db.close();
  }

  /** The version a write must expect: 0 when absent or expired (an expired row is purged). */
  private liveVersion(name: string, now: number): number {
    const state = this.selectState.get(name);
    if (!state) return 0;
    if (!isExpired(state.expires_at, now)) return state.version;
    this.purgeKeepingIds(now, () => {
      this.deletePlan.run(name);
      this.deleteRevisions.run(name);
    });
    return 0;
  }

  private addRevision(
    name: string,
    version: number,
    at: number,
    record: string | null,
    source: string,
  ): void {
    this.insertRevision.run(name, version, at, record, source, this.origin);
    if (version % TRIM_EVERY === 0) this.trimRevisions.run(name, name, this.historyLimit);
  }

  private purgeIfExpired(name: string): void {
    this.inWriteTransaction(() => this.liveVersion(name, Date.now()));
  }

  private purgeExpired(now: number): void {
    this.inWriteTransaction(() =>
      this.purgeKeepingIds(now, () => {
        this.purgeExpiredRevisions.run(now);
        this.purgeExpiredPlans.run(now);
      }),
    );
  }

  /**
   * Runs a purge (inside a write transaction) so revision ids keep growing: when it
   * deleted the newest revision, a placeholder row takes that id, since SQLite would
   * otherwise hand it out again and a change poller already past it would miss the new
   * row. Earlier placeholders, no longer the newest, go at the same time.
   */
  private purgeKeepingIds(now: number, purge: () => void): void {
    const newest = this.newestRevisionId.get()?.id ?? null;
    purge();
    this.deleteOldPlaceholders.run();
    if (newest !== null && (this.newestRevisionId.get()?.id ?? 0) < newest) {
      this.insertIdPlaceholder.run(newest, now, this.origin);
    }
  }

  /**
   * Runs `work` in `BEGIN IMMEDIATE`: the write lock is taken before the version is read,
   * so no other process can commit in between. One wrapper serves every write, since
   * building a better-sqlite3 transaction per call costs more than the statements.
   */
  private inWriteTransaction<T>(work: () => T): T {
    return this.writeTransaction.immediate(work) as T;
  }

  private emit(change: PlanChange): void {
    if (this.listeners.size > 0) this.listeners.emit(change);
  }

  private deliverForeign(row: RevisionRow): void {
    if (row.origin === this.origin || row.key === ID_PLACEHOLDER_KEY) return;
    let revision: PlanRevision;
    try {
      revision = decodeRevision(row.key, row);
    } catch (error) {
      process.emitWarning(
        `Skipped an unreadable plan change: ${error instanceof Error ? error.message : String(error)}`,
        { type: 'PlankeeperWarning' },
      );
      return;
    }
    this.emit({ key: decodePlanKey(row.key), ...revision });
  }
}

function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}

function decodeRevision(name: string, row: HistoryRow): PlanRevision {
  return {
    version: row.version,
    at: row.at,
    record: row.record === null ? null : decodeRecord(name, row.record),
    source: JSON.parse(row.source) as ChangeSource,
  };
}
