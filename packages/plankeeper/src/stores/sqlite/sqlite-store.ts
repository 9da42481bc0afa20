/**
 * A plan store in one SQLite file, shared safely by every process on the machine.
 * WAL lets readers run beside the one writer; `busy_timeout` makes a writer wait its
 * turn instead of failing; every write is one `BEGIN IMMEDIATE` transaction that checks
 * the version and writes plan and revision together, so compare-and-set holds across
 * processes and a crash leaves either the old plan or the new one. How the tables keep
 * that to two row updates per write is in sqlite-schema.ts; writes that callers start
 * in the same tick share one transaction (shared/group-commit.ts).
 *
 * @example
 * const store = new SqlitePlanStore({ path: '.plankeeper/plans.db' });
 * const engine = new PlanEngine({ store });
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import Database, {
  type Database as SqliteDatabase,
  type Statement,
  type Transaction,
} from 'better-sqlite3';
import { PlanRecordError } from '../../engine/errors.js';
import { decodePlanKey, encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { ChangeListeners } from '../../engine/store/change-listeners.js';
import { newEpoch } from '../../engine/store/epoch.js';
import type {
  ChangeSource,
  CompareAndSetResult,
  CompareAndSetStateResult,
  ListFilter,
  PlanChange,
  PlanListing,
  PlanRevision,
  PlanStore,
  StateWriteOptions,
  Unsubscribe,
  VersionedPlan,
  VersionedState,
  WriteOptions,
} from '../../engine/store/plan-store.js';
import { decodeRecord, decodeRevision } from '../../engine/store/record-codec.js';
import { decodeState } from '../../engine/store/state-codec.js';
import type { PlanRecord } from '../../engine/todo-item.js';
import { HOST_DELETE } from '../shared/change-source.js';
import { GroupCommit } from '../shared/group-commit.js';
import { type PreparedWrite, prepareStateWrite, prepareWrite } from '../shared/prepared-write.js';
import { resolveDuration, resolveHistoryLimit } from '../shared/store-options.js';
import { StoreFileError } from '../store-errors.js';
import { ChangePoller, type RevisionRow } from './change-poller.js';
import { openDatabase } from './open-database.js';
import {
  checkSameFile,
  type FileIdentity,
  identify,
  isWritableLocation,
  makeDirectoryFor,
} from './sqlite-file.js';
import { prepareSchema } from './sqlite-schema.js';

export interface SqliteStoreOptions {
  /** Database file; its directory is created when missing. `:memory:` keeps plans in this instance only. */
  path: string;
  /**
   * Revisions kept per plan. Default 50. Each plan keeps the history size it was created
   * with, so reopening a file with another limit changes it for new plans only.
   */
  historyLimit?: number;
  /** How long a write waits for another process's write lock before failing. Default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * Milliseconds since the epoch after which no write waits for another process's lock:
   * each write waits at most until then (and at most `busyTimeoutMs`), and one begun later
   * fails at once if the lock is taken. For a caller with a deadline of its own, such as a
   * hook process: better-sqlite3 waits synchronously, so no timer of the caller can fire
   * while it does. Default: none.
   */
  lockWaitDeadline?: number;
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
  /**
   * `true` opens an existing file for reading only: no schema change, and every write
   * rejects with a StoreFileError. `'if-not-writable'` does so only when this process
   * cannot write the file or its directory, for callers that only read (such as listing
   * plans), so that they work on a read-only copy or mount. Default `false`: a file that
   * cannot be written is refused at once, not at the first write.
   */
  readOnly?: boolean | 'if-not-writable';
}

interface PlanStateRow {
  live: 0 | 1;
  version: number;
  expires_at: number | null;
}

interface CurrentRow {
  version: number;
  epoch: string;
  expires_at: number | null;
  record: string | null;
  /** 0 when the ring slot does not hold the plan's newest revision (a damaged file). */
  intact: 0 | 1;
}

/** Where a write's revision goes: its number for this key and the ring's size. */
interface RingPosition {
  seq: number;
  slots: number;
}

interface ListingRow {
  key: string;
  version: number;
  updated_at: number;
  total: number;
  open: number;
}

type HistoryRow = Pick<RevisionRow, 'version' | 'at' | 'record' | 'source'>;

/** A row of plankeeper_states: one key's harness state. */
interface HarnessStateRow {
  version: number;
  state: string;
  expires_at: number | null;
}

/** A compareAndSet waiting for its batch's commit. */
interface QueuedWrite {
  key: PlanKey;
  expectedVersion: number;
  record: PlanRecord;
  prepared: PreparedWrite;
}

type WriteOutcome =
  | { ok: true; version: number; epoch: string; at: number }
  | { ok: false; currentVersion: number };

/**
 * The store's better-sqlite3 connection, by the few methods maintenance and tests use.
 * Declared here rather than as better-sqlite3's own type, so the store's public types
 * check without `@types/better-sqlite3`.
 */
export interface SqliteConnection {
  pragma(source: string, options?: { simple?: boolean }): unknown;
  exec(source: string): unknown;
  prepare(source: string): {
    run(...parameters: unknown[]): unknown;
    get(...parameters: unknown[]): unknown;
    all(...parameters: unknown[]): unknown[];
  };
}

export class SqlitePlanStore implements PlanStore {
  private readonly database: SqliteDatabase;
  readonly path: string;
  private readonly historyLimit: number;
  /** Tags this instance's revisions so the poller does not deliver them a second time. */
  private readonly origin = globalThis.crypto.randomUUID();
  private readonly listeners = new ChangeListeners();
  private readonly poller: ChangePoller;
  private closed = false;
  private readonly writes: GroupCommit<QueuedWrite, WriteOutcome>;
  /** True when opened for reading only (see {@link SqliteStoreOptions.readOnly}). */
  readonly readOnly: boolean;
  /** The file as opened, checked after each write (undefined for `:memory:`). */
  private readonly file: { path: string; opened: FileIdentity } | undefined;

  private readonly selectCurrent: Statement<[string], CurrentRow>;
  private readonly selectState: Statement<[string], PlanStateRow>;
  private readonly insertPlan: Statement<
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
  private readonly updatePlan: Statement<
    [number, number, number, number | null, number, string, number, string | null, number],
    RingPosition & { epoch: string }
  >;
  private readonly revivePlan: Statement<
    [string, number, number, number, number | null, number, string],
    RingPosition
  >;
  private readonly tombstonePlan: Statement<[number, string], RingPosition & { version: number }>;
  private readonly deletePlan: Statement<[string]>;
  private readonly updateSlot: Statement<
    [number, number, number, string | null, string, string, string, number]
  >;
  private readonly insertSlot: Statement<
    [string, number, number, number, number, string | null, string, string]
  >;
  private readonly deleteRevisions: Statement<[string]>;
  private readonly selectHistory: Statement<[string, number], HistoryRow>;
  private readonly anyExpired: Statement<[number], { one: number }>;
  private readonly purgeExpiredRevisions: Statement<[number]>;
  private readonly purgeExpiredPlans: Statement<[number]>;
  private readonly writeTransaction: Transaction<(work: () => unknown) => unknown>;
  private readonly listStatements: Record<'all' | 'agent' | 'session' | 'both', Statement>;
  private readonly selectHarnessState: Statement<[string], HarnessStateRow>;
  private readonly upsertHarnessState: Statement<[string, number, string, number | null]>;
  private readonly deleteHarnessState: Statement<[string]>;
  private readonly purgeExpiredHarnessStates: Statement<[number]>;

  /** See SqliteStoreOptions.lockWaitDeadline; with it, the busy timeout set on the connection now. */
  private readonly lockWait?: { deadline: number; longest: number; current: number };

  /** The open connection, for maintenance and tests; do not write plans through it. */
  get db(): SqliteConnection {
    return this.database;
  }

  constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    this.historyLimit = resolveHistoryLimit(options.historyLimit);
    const busyTimeoutMs = resolveDuration('busyTimeoutMs', options.busyTimeoutMs, 5000);
    const deadline = options.lockWaitDeadline;
    // Opening may take the lock too (to create or upgrade the schema).
    const openWait = deadline === undefined ? busyTimeoutMs : waitUntil(deadline, busyTimeoutMs);
    if (deadline !== undefined) {
      this.lockWait = { deadline, longest: busyTimeoutMs, current: openWait };
    }
    const pollIntervalMs = Math.max(
      1,
      resolveDuration('pollIntervalMs', options.pollIntervalMs, 250),
    );
    const inMemory = options.path === ':memory:' || options.path === '';
    const absolute = inMemory ? undefined : resolve(options.path);
    const writable = absolute === undefined || isWritableLocation(absolute);
    this.readOnly =
      !inMemory &&
      (options.readOnly === true || (options.readOnly === 'if-not-writable' && !writable));
    if (absolute !== undefined && !this.readOnly) {
      // SQLite would open such a file read-only without a word, and fail at the first write.
      if (!writable) {
        throw new StoreFileError(
          absolute,
          `${absolute} cannot be written by this process (check the permissions of the file and its directory); pick another path for the store.`,
        );
      }
      makeDirectoryFor(absolute);
    }
    this.database = this.readOnly
      ? openReadOnly(absolute!, openWait)
      : openDatabase(options.path, { timeout: openWait });
    try {
      if (!inMemory && !this.readOnly) {
        this.database.pragma('journal_mode = WAL');
        this.database.pragma(`wal_autocheckpoint = ${options.walCheckpointPages ?? 4000}`);
      }
      this.database.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
      prepareSchema(this.database, options.path, {
        historyLimit: this.historyLimit,
        readOnly: this.readOnly,
      });
    } catch (error) {
      this.database.close();
      throw error;
    }
    const opened = absolute === undefined ? undefined : identify(absolute);
    this.file = opened && { path: absolute!, opened };

    const db = this.database;
    this.writeTransaction = db.transaction((work: () => unknown) => work());
    // The plan's record is its newest revision, in ring slot seq % slots.
    this.selectCurrent = db.prepare(
      `SELECT plan.version, plan.epoch, plan.expires_at, slot.record, slot.seq IS plan.seq AS intact
       FROM plankeeper_plans AS plan
       LEFT JOIN plankeeper_revisions AS slot
         ON slot.key = plan.key AND slot.slot = plan.seq % plan.slots
       WHERE plan.key = ? AND plan.live = 1`,
    );
    this.selectState = db.prepare(
      'SELECT live, version, expires_at FROM plankeeper_plans WHERE key = ?',
    );
    this.insertPlan = db.prepare(
      `INSERT INTO plankeeper_plans
         (key, agent, session, scope, live, version, epoch, seq, slots, total, open, updated_at,
          expires_at, changed_at)
       VALUES (?, ?, ?, ?, 1, 1, ?, 1, ?, ?, ?, ?, ?, ?)`,
    );
    const LIVE_ROW = '(expires_at IS NULL OR expires_at > ?)';
    this.updatePlan = db.prepare(
      `UPDATE plankeeper_plans
       SET version = version + 1, seq = seq + 1, total = ?, open = ?, updated_at = ?, expires_at = ?,
         changed_at = ?
       WHERE key = ? AND live = 1 AND version = ? AND epoch = coalesce(?, epoch) AND ${LIVE_ROW}
       RETURNING seq, slots, epoch`,
    );
    this.revivePlan = db.prepare(
      `UPDATE plankeeper_plans
       SET live = 1, version = 1, epoch = ?, seq = seq + 1, total = ?, open = ?, updated_at = ?,
         expires_at = ?, changed_at = ?
       WHERE key = ? AND live = 0
       RETURNING seq, slots`,
    );
    this.tombstonePlan = db.prepare(
      `UPDATE plankeeper_plans
       SET live = 0, version = version + 1, seq = seq + 1, total = 0, open = 0, changed_at = ?
       WHERE key = ? AND live = 1
       RETURNING version, seq, slots`,
    );
    this.deletePlan = db.prepare('DELETE FROM plankeeper_plans WHERE key = ?');
    this.updateSlot = db.prepare(
      `UPDATE plankeeper_revisions
       SET seq = ?, version = ?, at = ?, record = ?, source = ?, origin = ?
       WHERE key = ? AND slot = ?`,
    );
    this.insertSlot = db.prepare(
      `INSERT INTO plankeeper_revisions (key, slot, seq, version, at, record, source, origin)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteRevisions = db.prepare('DELETE FROM plankeeper_revisions WHERE key = ?');
    this.selectHistory = db.prepare(
      `SELECT version, at, record, source FROM plankeeper_revisions
       WHERE key = ? ORDER BY seq DESC LIMIT ?`,
    );
    this.anyExpired = db.prepare(
      'SELECT 1 AS one FROM plankeeper_plans WHERE expires_at <= ? LIMIT 1',
    );
    this.purgeExpiredRevisions = db.prepare(
      `DELETE FROM plankeeper_revisions WHERE key IN (
         SELECT key FROM plankeeper_plans WHERE expires_at <= ?)`,
    );
    this.purgeExpiredPlans = db.prepare('DELETE FROM plankeeper_plans WHERE expires_at <= ?');
    const listSql = (where: string) =>
      `SELECT key, version, updated_at, total, open FROM plankeeper_plans
       WHERE live = 1 AND (expires_at IS NULL OR expires_at > @now) ${where} ORDER BY key`;
    this.listStatements = {
      all: db.prepare(listSql('')),
      agent: db.prepare(listSql('AND agent = @agent')),
      session: db.prepare(listSql('AND session = @session')),
      both: db.prepare(listSql('AND agent = @agent AND session = @session')),
    };
    this.selectHarnessState = db.prepare(
      'SELECT version, state, expires_at FROM plankeeper_states WHERE key = ?',
    );
    this.upsertHarnessState = db.prepare(
      `INSERT INTO plankeeper_states (key, version, state, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE
       SET version = excluded.version, state = excluded.state, expires_at = excluded.expires_at`,
    );
    this.deleteHarnessState = db.prepare('DELETE FROM plankeeper_states WHERE key = ?');
    this.purgeExpiredHarnessStates = db.prepare(
      'DELETE FROM plankeeper_states WHERE expires_at <= ?',
    );
    this.poller = new ChangePoller(db, pollIntervalMs, (row) => this.deliverForeign(row));
    this.writes = new GroupCommit(
      {
        commitAll: (writes) => this.inWriteTransaction(() => writes.map((w) => this.applyWrite(w))),
        commitOne: (write) => this.inWriteTransaction(() => this.applyWrite(write)),
        failsEveryWrite: (error) =>
          !db.open ||
          StoreFileError.isInstance(error) ||
          (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')),
      },
      { maxBatch: 64 },
    );
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    this.writes.flush();
    this.checkFile('read');
    const name = encodePlanKey(key);
    const row = this.selectCurrent.get(name);
    if (!row) return undefined;
    if (isExpired(row.expires_at, Date.now())) {
      this.purgeIfExpired(name);
      return undefined;
    }
    if (row.record === null || !row.intact) {
      throw new PlanRecordError(
        name,
        'its newest revision is missing from the file (damaged store). Delete the plan to start it over.',
      );
    }
    return { version: row.version, record: decodeRecord(name, row.record), epoch: row.epoch };
  }

  async compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options: WriteOptions = {},
  ): Promise<CompareAndSetResult> {
    const prepared = prepareWrite(key, expectedVersion, record, options);
    const result = await this.writes.add({ key, expectedVersion, record, prepared });
    if (!result.ok) return result;
    this.emit(() => ({
      key: decodePlanKey(prepared.name),
      version: result.version,
      at: result.at,
      record,
      source: prepared.source,
    }));
    return { ok: true, version: result.version, epoch: result.epoch };
  }

  async delete(key: PlanKey, options: { source?: ChangeSource } = {}): Promise<boolean> {
    this.writes.flush();
    const name = encodePlanKey(key);
    const source = options.source ?? HOST_DELETE;
    const deleted = this.inWriteTransaction(() => {
      // The state goes with the key even when there is no plan (see the store contract).
      this.deleteHarnessState.run(name);
      const at = Date.now();
      if (!this.stateAfterExpiry(name, at)?.live) return undefined;
      const { version, ...position } = this.tombstonePlan.get(at, name)!;
      this.writeSlot(name, position, version, at, null, JSON.stringify(source));
      return { version, at };
    });
    if (!deleted) return false;
    this.emit(() => ({ key: decodePlanKey(name), ...deleted, record: null, source }));
    return true;
  }

  async list(filter: ListFilter = {}): Promise<PlanListing[]> {
    this.writes.flush();
    this.checkFile('read');
    const now = Date.now();
    if (!this.readOnly && this.anyExpired.get(now)) this.purgeExpired(now);
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
    this.writes.flush();
    this.checkFile('read');
    const name = encodePlanKey(key);
    if (!this.stateAfterExpiry(name, Date.now(), { lazily: true })) return [];
    const limit = Math.min(options.limit ?? this.historyLimit, this.historyLimit);
    if (limit <= 0) return [];
    return this.selectHistory
      .all(name, limit)
      .reverse()
      .map((row) => decodeRevision(name, row));
  }

  async getState(key: PlanKey): Promise<VersionedState | undefined> {
    this.checkFile('read');
    const name = encodePlanKey(key);
    const row = this.selectHarnessState.get(name);
    if (!row || isExpired(row.expires_at, Date.now())) return undefined;
    return { version: row.version, state: decodeState(name, row.state) };
  }

  /**
   * Reads and writes the state row in one `BEGIN IMMEDIATE` transaction of its own,
   * outside the plan writes' group commit: a state write need not be ordered with plan
   * writes, and a hook process makes one at a time, so batching would save little.
   */
  async compareAndSetState(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options: StateWriteOptions = {},
  ): Promise<CompareAndSetStateResult> {
    const { name, ttlMs, text } = prepareStateWrite(key, expectedVersion, state, options);
    return this.inWriteTransaction((): CompareAndSetStateResult => {
      const at = Date.now();
      // Expired states of every key go here, so that states of sessions nobody comes back
      // to do not pile up; the partial index keeps it cheap when none expired.
      this.purgeExpiredHarnessStates.run(at);
      const currentVersion = this.selectHarnessState.get(name)?.version ?? 0;
      if (currentVersion !== expectedVersion) return { ok: false, currentVersion };
      const version = currentVersion + 1;
      this.upsertHarnessState.run(name, version, text, ttlMs === undefined ? null : at + ttlMs);
      return { ok: true, version };
    });
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
    this.writes.flush();
    this.closed = true;
    this.poller.stop();
    this.listeners.clear();
    this.database.close();
  }

  /** One plan write, inside the batch's transaction (see GroupCommit). */
  private applyWrite({ key, expectedVersion, record, prepared }: QueuedWrite): WriteOutcome {
    const { name, ttlMs, text, total, open, sourceText, expectedEpoch } = prepared;
    const at = Date.now();
    const expiresAt = ttlMs === undefined ? null : at + ttlMs;
    let position: RingPosition;
    let epoch: string;
    if (expectedVersion > 0) {
      // The common case, an update, checks and writes the plan row in one statement.
      const updated = this.updatePlan.get(
        total,
        open,
        record.updatedAt,
        expiresAt,
        at,
        name,
        expectedVersion,
        expectedEpoch ?? null, // null: any epoch
        at,
      );
      if (!updated) return { ok: false, currentVersion: this.liveVersion(name, at) };
      position = updated;
      epoch = updated.epoch;
    } else {
      const state = this.stateAfterExpiry(name, at);
      if (state?.live) return { ok: false, currentVersion: state.version };
      epoch = newEpoch();
      if (state) {
        // A deleted plan's row: the key starts over at version 1, its history carries on.
        position = this.revivePlan.get(epoch, total, open, record.updatedAt, expiresAt, at, name)!;
      } else {
        this.insertPlan.run(
          name,
          key.agent,
          key.session,
          key.scope && key.scope.length > 0 ? JSON.stringify(key.scope) : null,
          epoch,
          this.historyLimit,
          total,
          open,
          record.updatedAt,
          expiresAt,
          at,
        );
        position = { seq: 1, slots: this.historyLimit };
      }
    }
    const version = expectedVersion + 1;
    this.writeSlot(name, position, version, at, text, sourceText);
    return { ok: true, version, epoch, at };
  }

  /** The version a write must expect: 0 when absent, deleted or expired. */
  private liveVersion(name: string, now: number): number {
    const state = this.stateAfterExpiry(name, now);
    return state?.live ? state.version : 0;
  }

  /**
   * The key's row (live plan or tombstone), or undefined when there is none. A row past
   * its expiry is purged with its history first (inside the caller's write transaction,
   * or in one of its own with `lazily`, which skips the write when nothing expired).
   */
  private stateAfterExpiry(
    name: string,
    now: number,
    { lazily = false } = {},
  ): PlanStateRow | undefined {
    const state = this.selectState.get(name);
    if (!state || !isExpired(state.expires_at, now)) return state;
    if (lazily) this.purgeIfExpired(name);
    else this.purge(name);
    return undefined;
  }

  /** Writes revision `position.seq` into its ring slot, over the oldest one once the ring is full. */
  private writeSlot(
    name: string,
    { seq, slots }: RingPosition,
    version: number,
    at: number,
    record: string | null,
    source: string,
  ): void {
    const slot = seq % slots;
    const overwritten = this.updateSlot.run(
      seq,
      version,
      at,
      record,
      source,
      this.origin,
      name,
      slot,
    );
    if (overwritten.changes === 0) {
      this.insertSlot.run(name, slot, seq, version, at, record, source, this.origin);
    }
  }

  private purge(name: string): void {
    this.deletePlan.run(name);
    this.deleteRevisions.run(name);
  }

  /** Drops an expired plan now; a read-only store leaves it (reads skip it anyway). */
  private purgeIfExpired(name: string): void {
    if (this.readOnly) return;
    this.inWriteTransaction(() => this.stateAfterExpiry(name, Date.now()));
  }

  private purgeExpired(now: number): void {
    this.inWriteTransaction(() => {
      this.purgeExpiredRevisions.run(now);
      this.purgeExpiredPlans.run(now);
    });
  }

  /**
   * Runs `work` in `BEGIN IMMEDIATE`: the write lock is taken before the version is read,
   * so no other process can commit in between. One wrapper serves every write, since
   * building a better-sqlite3 transaction per call costs more than the statements. Before
   * it begins and after it commits the path must still name the file opened: nothing is
   * written into a deleted file, and a deletion in between is reported as a lost write.
   */
  private inWriteTransaction<T>(work: () => T): T {
    if (this.readOnly) {
      throw new StoreFileError(
        this.path,
        `the SQLite store ${this.path} is open read-only, so the plan change was not saved; open it writable to change plans.`,
      );
    }
    this.checkFile('write');
    this.limitLockWait();
    const result = this.writeTransaction.immediate(work) as T;
    this.checkFile('write');
    return result;
  }

  /** Throws when the path no longer names the file opened (see checkSameFile). */
  private checkFile(use: 'read' | 'write'): void {
    if (this.file) checkSameFile(this.file.path, this.file.opened, use);
  }

  /** With a lock-wait deadline: the busy timeout for the next write, the time left at most. */
  private limitLockWait(): void {
    const wait = this.lockWait;
    if (!wait) return;
    const left = waitUntil(wait.deadline, wait.longest);
    if (left === wait.current) return;
    this.database.pragma(`busy_timeout = ${left}`);
    wait.current = left;
  }

  /** Builds the change only when someone listens: a write without subscribers skips it. */
  private emit(change: () => PlanChange): void {
    if (this.listeners.size > 0) this.listeners.emit(change());
  }

  private deliverForeign(row: RevisionRow): void {
    if (row.origin === this.origin) return;
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
    this.emit(() => ({ key: decodePlanKey(row.key), ...revision }));
  }
}

/** How long a lock wait may last now: until `deadline`, and `longest` at most. */
function waitUntil(deadline: number, longest: number): number {
  return Math.max(0, Math.min(longest, Math.floor(deadline - Date.now())));
}

function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}

/**
 * Opens an existing file for reading only. A file in WAL mode needs its -shm file beside
 * it, which nothing can create in a read-only directory; then no process is writing it
 * either (a writer keeps that file), so its content is all in the main file, and a copy
 * of it, marked as not in WAL mode, reads the same.
 */
function openReadOnly(path: string, timeout: number): SqliteDatabase {
  if (!existsSync(path)) {
    throw new StoreFileError(
      path,
      `there is no SQLite store at ${path}, and this process cannot create one there.`,
    );
  }
  let database: SqliteDatabase | undefined;
  try {
    database = openDatabase(path, { readonly: true, fileMustExist: true, timeout });
    database.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
    return database;
  } catch (error) {
    database?.close();
    const code = error instanceof Database.SqliteError ? error.code : undefined;
    if (code !== 'SQLITE_READONLY_DIRECTORY' && code !== 'SQLITE_CANTOPEN') throw error;
    if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) {
      throw new StoreFileError(
        path,
        `${path} has writes in its -wal file that this process cannot read without write access to the directory; open it once where it can be written.`,
        { cause: error },
      );
    }
  }
  const image = readFileSync(path);
  // Bytes 18 and 19 of the header: 2 means WAL mode, 1 the rollback journal.
  image[18] = 1;
  image[19] = 1;
  return openDatabase(image, { readonly: true, timeout });
}
