import Database, { type Database as SqliteDatabase, type Transaction } from 'better-sqlite3';
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
import { checkSameFile, type FileIdentity } from './sqlite-file.js';
import { LOCK_WAIT_SLICE_MS, lockWaitView } from './sqlite-lock-wait-view.js';
import { openSqliteFile } from './sqlite-open.js';
import type { ListingRow, PlanStateRow, RingPosition } from './sqlite-rows.js';
import { prepareStatements, type SqliteStatements } from './sqlite-statements.js';
import type { SqliteStoreOptions } from './sqlite-store-options.js';

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

export type { SqliteStoreOptions } from './sqlite-store-options.js';

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

  private readonly writeTransaction: Transaction<(work: () => unknown) => unknown>;
  private readonly sql: SqliteStatements;

  /** See SqliteStoreOptions.lockWaitDeadline. */
  private readonly lockWait?: { deadline: number; longest: number };
  private readonly busyTimeoutMs: number;
  /** The busy timeout set on the connection now. */
  private busyTimeout: number;
  /** While a lock-wait view runs a call: the longest one wait may last (lockWaitView). */
  private waitCap: number | undefined;

  /** The open connection, for maintenance and tests; do not write plans through it. */
  get db(): SqliteConnection {
    return this.database;
  }

  constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    this.historyLimit = resolveHistoryLimit(options.historyLimit);
    const busyTimeoutMs = resolveDuration('busyTimeoutMs', options.busyTimeoutMs, 5000);
    this.busyTimeoutMs = busyTimeoutMs;
    const deadline = options.lockWaitDeadline;
    // Opening may take the lock too (to create or upgrade the schema).
    const openWait = deadline === undefined ? busyTimeoutMs : waitUntil(deadline, busyTimeoutMs);
    this.busyTimeout = openWait;
    if (deadline !== undefined) this.lockWait = { deadline, longest: busyTimeoutMs };
    const pollIntervalMs = Math.max(
      1,
      resolveDuration('pollIntervalMs', options.pollIntervalMs, 250),
    );
    const opened = openSqliteFile(options, this.historyLimit, openWait);
    this.database = opened.database;
    this.readOnly = opened.readOnly;
    this.file = opened.file;

    const db = this.database;
    this.writeTransaction = db.transaction((work: () => unknown) => work());
    this.sql = prepareStatements(db);
    this.poller = new ChangePoller(db, pollIntervalMs, (row) => this.deliverForeign(row));
    this.writes = new GroupCommit(
      {
        commitAll: (writes) => this.inWriteTransaction(() => writes.map((w) => this.applyWrite(w))),
        commitOne: (write) => this.inWriteTransaction(() => this.applyWrite(write)),
        failsEveryWrite: (error) => !db.open || StoreFileError.isInstance(error) || isBusy(error),
      },
      { maxBatch: 64 },
    );
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    this.writes.flush();
    this.checkFile('read');
    const name = encodePlanKey(key);
    const row = this.sql.selectCurrent.get(name);
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
      this.sql.deleteHarnessState.run(name);
      const at = Date.now();
      if (!this.stateAfterExpiry(name, at)?.live) return undefined;
      const { version, ...position } = this.sql.tombstonePlan.get(at, name)!;
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
    if (!this.readOnly && this.sql.anyExpired.get(now)) this.purgeExpired(now);
    const which =
      filter.agent !== undefined && filter.session !== undefined
        ? 'both'
        : filter.agent !== undefined
          ? 'agent'
          : filter.session !== undefined
            ? 'session'
            : 'all';
    const rows = this.sql.listStatements[which].all({
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
    return this.sql.selectHistory
      .all(name, limit)
      .reverse()
      .map((row) => decodeRevision(name, row));
  }

  async getState(key: PlanKey): Promise<VersionedState | undefined> {
    this.checkFile('read');
    const name = encodePlanKey(key);
    const row = this.sql.selectHarnessState.get(name);
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
      this.sql.purgeExpiredHarnessStates.run(at);
      const currentVersion = this.sql.selectHarnessState.get(name)?.version ?? 0;
      if (currentVersion !== expectedVersion) return { ok: false, currentVersion };
      const version = currentVersion + 1;
      this.sql.upsertHarnessState.run(name, version, text, ttlMs === undefined ? null : at + ttlMs);
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
      const updated = this.sql.updatePlan.get(
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
        position = this.sql.revivePlan.get(
          epoch,
          total,
          open,
          record.updatedAt,
          expiresAt,
          at,
          name,
        )!;
      } else {
        this.sql.insertPlan.run(
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
    const state = this.sql.selectState.get(name);
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
    const overwritten = this.sql.updateSlot.run(
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
      this.sql.insertSlot.run(name, slot, seq, version, at, record, source, this.origin);
    }
  }

  private purge(name: string): void {
    this.sql.deletePlan.run(name);
    this.sql.deleteRevisions.run(name);
  }

  /** Drops an expired plan now; a read-only store leaves it (reads skip it anyway). */
  private purgeIfExpired(name: string): void {
    if (this.readOnly) return;
    this.inWriteTransaction(() => this.stateAfterExpiry(name, Date.now()));
  }

  private purgeExpired(now: number): void {
    this.inWriteTransaction(() => {
      this.sql.purgeExpiredRevisions.run(now);
      this.sql.purgeExpiredPlans.run(now);
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

  /**
   * The busy timeout for the next write: the store's, at most the time left before a
   * lock-wait deadline, and one slice at most inside a lock-wait view.
   */
  private limitLockWait(): void {
    const wait = this.lockWait;
    let wanted = wait ? waitUntil(wait.deadline, wait.longest) : this.busyTimeoutMs;
    if (this.waitCap !== undefined) wanted = Math.min(wanted, this.waitCap);
    if (wanted === this.busyTimeout) return;
    this.database.pragma(`busy_timeout = ${wanted}`);
    this.busyTimeout = wanted;
  }

  /**
   * This store for an in-process hook: each call waits for another process's lock at most
   * `longestMs`, in short slices with the event loop running between them (lockWaitView).
   */
  withLockWaitLimit(longestMs: number): PlanStore {
    const sliced = <T>(call: () => Promise<T>): Promise<T> => {
      // Writes queued by other callers commit first, with the store's own wait.
      this.writes.flush();
      this.waitCap = LOCK_WAIT_SLICE_MS;
      try {
        const result = call();
        this.writes.flush();
        return result;
      } finally {
        this.waitCap = undefined;
      }
    };
    return lockWaitView(this, longestMs, sliced, isBusy);
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

/** Another process holds the lock (the busy timeout ran out). */
function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}
