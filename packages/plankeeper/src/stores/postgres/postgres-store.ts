/**
 * A plan store in PostgreSQL, for many processes on many machines. Compare-and-set is a
 * conditional `UPDATE ... WHERE version = $n` (or an insert that only replaces an absent
 * or expired row), done in one statement together with the revision, the trim and the
 * NOTIFY (see postgres-queries.ts). Expiry is an `expires_at` column on the database's
 * clock, so application servers with skewed clocks agree on it; expired rows are
 * purged lazily. Subscribers LISTEN on one connection of their own and fetch each
 * revision named by a notification.
 *
 * @example
 * const store = new PostgresPlanStore({ connectionString: process.env.DATABASE_URL });
 */
import pg from 'pg';
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
import { checkRecord, decodeRevision } from '../../engine/store/record-codec.js';
import { decodeState } from '../../engine/store/state-codec.js';
import type { PlanRecord } from '../../engine/todo-item.js';
import { HOST_DELETE } from '../shared/change-source.js';
import { resolveConnectTimeout } from '../shared/connect-timeout.js';
import { isConnectionFailure } from '../shared/connection-failure.js';
import { prepareStateWrite, prepareWrite } from '../shared/prepared-write.js';
import { redact } from '../shared/redact-url.js';
import { resolveHistoryLimit } from '../shared/store-options.js';
import { StoreUnavailableError } from '../store-errors.js';
import { type PostgresQueries, queriesFor } from './postgres-queries.js';
import { prepareSchema } from './postgres-schema.js';
import { type PostgresTables, tablesFor } from './postgres-tables.js';

/**
 * A `pg.Pool`, by the methods every pool has. Declared here rather than as pg's own type,
 * so the store's public types check without `@types/pg`; pass a real `pg.Pool`.
 */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<unknown>;
  connect(): Promise<unknown>;
  end(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** `postgres://` URL. Ignored when `pool` is given. */
  connectionString?: string;
  /** An existing `pg.Pool`; the store leaves it open on `close()`. */
  pool?: PostgresPool;
  /** Connections of the store's own pool. Default 10. */
  poolSize?: number;
  /** Prefix of the table names and the NOTIFY channel. Default `plankeeper_`. */
  tablePrefix?: string;
  /** Revisions kept per plan. Default 50. */
  historyLimit?: number;
  /** How long the store's own pool waits for a new connection to be ready. Default 10 s; 0 waits indefinitely. */
  connectTimeoutMs?: number;
}

interface RevisionRow {
  id?: string;
  key?: string;
  version: number;
  at: string;
  record: unknown;
  source: ChangeSource;
}

/** application_name of the connection that LISTENs for changes. */
export const LISTENER_NAME = 'plankeeper changes';
/** Revisions fetched per catch-up query. */
const CATCH_UP_BATCH = 500;
/** Delivered ids remembered for de-duplication. */
const RECENT_IDS = 1000;

interface Notice {
  id: string;
  key: string;
  version: number;
}

export class PostgresPlanStore implements PlanStore {
  private readonly pool: pg.Pool;
  readonly tables: PostgresTables;
  private readonly ownsPool: boolean;
  private readonly historyLimit: number;
  private readonly sql: PostgresQueries;
  private readonly queryName: (name: keyof PostgresQueries) => string;
  private readonly listeners = new ChangeListeners();
  private schemaReady: Promise<void> | undefined;
  /** Set once the server answered (the schema is ready): a failure after is a lost server. */
  private reached = false;
  private listening: Promise<pg.Client> | undefined;
  /** Notifications are fetched one after another so listeners see changes in commit order. */
  private deliveries: Promise<void> = Promise.resolve();
  /** Newest revision id delivered (or newest when listening began): where a catch-up starts. */
  private lastDeliveredId: bigint | undefined;
  /** Ids delivered lately, so a catch-up and a late notification never deliver one twice. */
  private readonly deliveredIds = new Set<string>();
  private relistenTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly shownUrl: string;

  constructor(options: PostgresStoreOptions = {}) {
    this.historyLimit = resolveHistoryLimit(options.historyLimit);
    const prefix = options.tablePrefix ?? 'plankeeper_';
    this.tables = tablesFor(prefix);
    this.sql = queriesFor(this.tables);
    this.queryName = (name) => `${prefix}${name}`;
    if (options.pool) {
      this.pool = options.pool as pg.Pool;
      this.ownsPool = false;
    } else {
      this.pool = new pg.Pool({
        connectionString: options.connectionString,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: resolveConnectTimeout(options.connectTimeoutMs),
      });
      // An idle connection that drops emits 'error' on the pool; unhandled, that would
      // end the process. The pool replaces the connection on the next query.
      this.pool.on('error', (error) => warn('A pooled PostgreSQL connection failed', error));
      this.ownsPool = true;
    }
    this.shownUrl = redact(
      options.connectionString ?? 'postgres:// (from PG* environment variables)',
    );
  }

  /**
   * Connects and creates or checks the tables now, so an unreachable server, a wrong
   * password or a missing database is reported at once as a {@link StoreUnavailableError}
   * rather than on the first plan write. `openStore` calls it.
   */
  async connect(): Promise<void> {
    await this.ensureSchema();
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    const name = encodePlanKey(key);
    const { rows } = await this.query<{
      version: number;
      record: unknown;
      epoch: string | null;
      expired: boolean;
    }>('get', [name]);
    const row = rows[0];
    if (!row) return undefined;
    if (row.expired) {
      await this.query('purgeOne', [name]);
      return undefined;
    }
    const record = checkRecord(name, row.record);
    return row.epoch === null
      ? { version: row.version, record }
      : { version: row.version, record, epoch: row.epoch };
  }

  async compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options: WriteOptions = {},
  ): Promise<CompareAndSetResult> {
    const { name, ttlMs, text, total, open, sourceText, expectedEpoch } = prepareWrite(
      key,
      expectedVersion,
      record,
      options,
    );
    const values: unknown[] = [
      name,
      expectedVersion,
      text,
      total,
      open,
      record.updatedAt,
      ttlMs ?? null,
      Date.now(),
      sourceText,
      this.historyLimit,
    ];
    type Written = { version: number | null; epoch: string | null };
    const { rows } =
      expectedVersion === 0
        ? await this.query<Written>('insert', [
            ...values,
            key.agent,
            key.session,
            key.scope && key.scope.length > 0 ? [...key.scope] : null,
            newEpoch(),
          ])
        : await this.query<Written>('update', [...values, expectedEpoch ?? null]);
    const version = rows[0]?.version;
    if (version != null) return { ok: true, version, epoch: rows[0]!.epoch! };
    const current = await this.query<{ version: number }>('liveVersion', [name]);
    return { ok: false, currentVersion: current.rows[0]?.version ?? 0 };
  }

  async delete(key: PlanKey, options: { source?: ChangeSource } = {}): Promise<boolean> {
    const { rows } = await this.query<{ version: number | null }>('delete', [
      encodePlanKey(key),
      Date.now(),
      JSON.stringify(options.source ?? HOST_DELETE),
      this.historyLimit,
    ]);
    return rows[0]?.version != null;
  }

  async list(filter: ListFilter = {}): Promise<PlanListing[]> {
    await this.query('purgeAll', []);
    const { rows } = await this.query<{
      key: string;
      version: number;
      updated_at: string;
      total: number;
      open: number;
    }>('list', [filter.agent ?? null, filter.session ?? null]);
    return rows.map((row) => ({
      key: decodePlanKey(row.key),
      version: row.version,
      updatedAt: Number(row.updated_at),
      total: row.total,
      open: row.open,
    }));
  }

  async history(key: PlanKey, options: { limit?: number } = {}): Promise<PlanRevision[]> {
    const name = encodePlanKey(key);
    const limit = Math.min(options.limit ?? this.historyLimit, this.historyLimit);
    if (limit <= 0) return [];
    const { rows } = await this.query<RevisionRow>('history', [name, limit]);
    return rows.reverse().map((row) => decodeRevision(name, row));
  }

  async getState(key: PlanKey): Promise<VersionedState | undefined> {
    const name = encodePlanKey(key);
    const { rows } = await this.query<{ version: number; state: string; expired: boolean }>(
      'getState',
      [name],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.expired) {
      await this.query('purgeState', [name]);
      return undefined;
    }
    return { version: row.version, state: decodeState(name, row.state) };
  }

  /**
   * A conditional UPDATE, or for version 0 an insert that only replaces an expired row:
   * a row lock makes concurrent writers at one version wait, and all but the first then
   * find the version changed.
   */
  async compareAndSetState(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options: StateWriteOptions = {},
  ): Promise<CompareAndSetStateResult> {
    const { name, ttlMs, text } = prepareStateWrite(key, expectedVersion, state, options);
    const ttl = ttlMs ?? null;
    const { rows } =
      expectedVersion === 0
        ? await this.query<{ version: number }>('insertState', [name, text, ttl])
        : await this.query<{ version: number }>('updateState', [name, expectedVersion, text, ttl]);
    const version = rows[0]?.version;
    if (version !== undefined) return { ok: true, version };
    const current = await this.query<{ version: number }>('liveStateVersion', [name]);
    return { ok: false, currentVersion: current.rows[0]?.version ?? 0 };
  }

  subscribe(listener: (change: PlanChange) => void): Promise<Unsubscribe> {
    return this.listeners.subscribe(listener, {
      start: () => this.listen(),
      stop: () => this.unlisten(),
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.unlisten();
    await this.deliveries;
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }

  private async query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    name: keyof PostgresQueries,
    values: unknown[],
    client: pg.Pool | pg.Client = this.pool,
  ): Promise<pg.QueryResult<Row>> {
    await this.ensureSchema();
    try {
      return await client.query<Row>({ name: this.queryName(name), text: this.sql[name], values });
    } catch (error) {
      throw this.unavailableOr(error);
    }
  }

  private ensureSchema(): Promise<void> {
    this.schemaReady ??= prepareSchema(this.pool, this.tables).then(
      () => {
        this.reached = true;
      },
      (error: unknown) => {
        this.schemaReady = undefined;
        throw this.unavailableOr(error);
      },
    );
    return this.schemaReady;
  }

  /** A connection failure, or the server refusing our login or database, as one clear error. */
  private unavailableOr(error: unknown): unknown {
    const code = (error as { code?: unknown } | null)?.code;
    const refused = code === '28P01' || code === '28000' || code === '3D000';
    if (refused) return new StoreUnavailableError('PostgreSQL', this.shownUrl, error, 'refused');
    return isConnectionFailure(error) && !StoreUnavailableError.isInstance(error)
      ? new StoreUnavailableError(
          'PostgreSQL',
          this.shownUrl,
          error,
          this.reached ? 'lost' : 'unreachable',
        )
      : error;
  }

  /**
   * LISTEN needs one fixed connection. It is opened beside the pool, with the pool's
   * settings, so subscribing never takes a connection writers need, and revisions are
   * fetched on it so delivery never waits for the pool either.
   */
  private listen(): Promise<pg.Client> {
    this.listening ??= (async () => {
      await this.ensureSchema();
      // Named, so an operator can tell it apart in pg_stat_activity.
      const client = new pg.Client({ ...this.pool.options, application_name: LISTENER_NAME });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === this.tables.channel && message.payload) {
          this.enqueue(client, message.payload);
        }
      });
      client.on('error', (error) => {
        warn('The PostgreSQL connection listening for plan changes failed; reconnecting', error);
        this.listening = undefined;
        void client.end().catch(() => undefined);
        this.relisten(1);
      });
      await client.query(`LISTEN "${this.tables.channel}"`);
      if (this.lastDeliveredId === undefined) {
        const { rows } = await this.query<{ id: string }>('newestRevisionId', [], client);
        this.lastDeliveredId = BigInt(rows[0]?.id ?? '0');
      }
      return client;
    })().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }

  /**
   * Listens again after the LISTEN connection was lost (a restart, a failover), retrying
   * with growing pauses while anyone is subscribed, then delivers the revisions committed
   * while nobody was listening.
   */
  private relisten(attempt: number): void {
    if (this.closed || this.listeners.size === 0) return;
    clearTimeout(this.relistenTimer);
    this.relistenTimer = setTimeout(
      async () => {
        if (this.closed || this.listeners.size === 0) return;
        try {
          const client = await this.listen();
          this.catchUp(client);
        } catch (error) {
          if (attempt === 1) warn('Listening for plan changes again failed; retrying', error);
          this.relisten(attempt + 1);
        }
      },
      Math.min(1000 * 2 ** (attempt - 1), 30_000),
    );
  }

  private catchUp(client: pg.Client): void {
    this.deliveries = this.deliveries.then(async () => {
      try {
        for (;;) {
          const { rows } = await this.query<RevisionRow & { id: string; key: string }>(
            'revisionsAfter',
            [(this.lastDeliveredId ?? 0n).toString(), CATCH_UP_BATCH],
            client,
          );
          for (const row of rows) this.deliver(row.id, row.key, row);
          if (rows.length < CATCH_UP_BATCH) break;
        }
      } catch (error) {
        warn('Fetching the plan changes made while not listening failed', error);
      }
    });
  }

  /** Emits one revision unless it went out already, and moves the catch-up mark. */
  private deliver(id: string, key: string, row: RevisionRow): void {
    if (this.deliveredIds.has(id)) return;
    this.deliveredIds.add(id);
    if (this.deliveredIds.size > RECENT_IDS) {
      this.deliveredIds.delete(this.deliveredIds.values().next().value!);
    }
    const numeric = BigInt(id);
    if (this.lastDeliveredId === undefined || numeric > this.lastDeliveredId) {
      this.lastDeliveredId = numeric;
    }
    if (this.listeners.size === 0) return;
    try {
      this.listeners.emit({ key: decodePlanKey(key), ...decodeRevision(key, row) });
    } catch (error) {
      warn('Skipped an unreadable plan change', error);
    }
  }

  private async unlisten(): Promise<void> {
    clearTimeout(this.relistenTimer);
    // A later subscriber starts from the changes after it subscribed, not from here.
    this.lastDeliveredId = undefined;
    const listening = this.listening;
    this.listening = undefined;
    if (!listening) return;
    const client = await listening.catch(() => undefined);
    await this.deliveries;
    await client?.end().catch(() => undefined);
  }

  private enqueue(client: pg.Client, payload: string): void {
    this.deliveries = this.deliveries.then(async () => {
      // Nobody left to tell: the connection is on its way out.
      if (this.listeners.size === 0) return;
      try {
        const notice = JSON.parse(payload) as Notice;
        if (this.deliveredIds.has(String(notice.id))) return;
        const { rows } = await this.query<RevisionRow>('revisionById', [notice.id], client);
        const row = rows[0];
        // Gone when more than historyLimit later revisions trimmed it before we looked.
        if (!row) return;
        this.deliver(String(notice.id), notice.key, row);
      } catch (error) {
        warn('Skipped an unreadable plan change', error);
      }
    });
  }
}

function warn(what: string, error: unknown): void {
  process.emitWarning(`${what}: ${error instanceof Error ? error.message : String(error)}`, {
    type: 'PlankeeperWarning',
  });
}
