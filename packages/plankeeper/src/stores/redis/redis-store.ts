/**
 * A plan store in Redis, for many processes on many machines. Each write runs inside one
 * Lua script call (see redis-scripts.ts), so compare-and-set, the revision list, the
 * expiry and the change message are atomic; writes started in the same tick share the
 * call (shared/group-commit.ts). Expiry is Redis's own: a plan with a TTL is a key with
 * PEXPIRE, and its revision list expires with it.
 *
 * Keys, under a configurable prefix (default `plankeeper:`):
 * - `plan:<key>`    hash: version, record (JSON), total, open, updated, epoch, ttl
 * - `history:<key>` list of revision JSON, oldest first, trimmed to `historyLimit`
 * - `state:<key>`   hash: version, state (JSON); the key's harness state, with its own
 *                   PEXPIRE, written by its own script and deleted with the plan
 * - `plans`         sorted set of key names, all at score 0, so agent filters are lex ranges
 * - `change-log`    capped stream of recent changes, for subscribers that reconnect
 * - `watchers`      exists while any process subscribes; plan writes log and publish
 *                   their change only then (deletes always do)
 * - channel `changes` carries every accepted write and delete while watched
 *
 * The scripts touch keys of many plans (the index), so this store targets a single
 * Redis server or a primary with replicas, not Redis Cluster.
 *
 * @example
 * const store = new RedisPlanStore({ url: 'redis://127.0.0.1:6379' });
 */
import { once } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';
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
import {
  decodeRecord,
  decodeRevision,
  type StoredRevision,
} from '../../engine/store/record-codec.js';
import { decodeState } from '../../engine/store/state-codec.js';
import type { PlanRecord } from '../../engine/todo-item.js';
import { HOST_DELETE } from '../shared/change-source.js';
import { resolveConnectTimeout } from '../shared/connect-timeout.js';
import { isConnectionFailure } from '../shared/connection-failure.js';
import { GroupCommit } from '../shared/group-commit.js';
import { type PreparedWrite, prepareStateWrite, prepareWrite } from '../shared/prepared-write.js';
import { redact } from '../shared/redact-url.js';
import { resolveHistoryLimit } from '../shared/store-options.js';
import { StoreUnavailableError } from '../store-errors.js';
import {
  compareAndSetScript,
  compareAndSetStateScript,
  deleteScript,
  pruneIndexScript,
} from './redis-scripts.js';

export interface RedisStoreOptions {
  /** `redis://` or `rediss://` URL. Ignored when `client` is given. */
  url?: string;
  /** An existing connection; the store leaves it open on `close()`. */
  client?: Redis;
  /** Extra ioredis options when the store opens its own connection. */
  redisOptions?: RedisOptions;
  /** Prefix of every key and of the change channel. Default `plankeeper:`. */
  keyPrefix?: string;
  /** Revisions kept per plan. Default 50. */
  historyLimit?: number;
  /** How long {@link RedisPlanStore.connect} waits for the server to be ready. Default 10 s; 0 waits indefinitely. */
  connectTimeoutMs?: number;
}

/** A compareAndSet waiting for its batch's script call. */
interface QueuedWrite {
  prepared: PreparedWrite;
  expectedVersion: number;
  updatedAt: number;
}

type WriteOutcome = CompareAndSetResult | Error;

/** The change message the scripts publish. */
interface ChangeMessage {
  key: string;
  revision: StoredRevision;
}

/** Changes kept in the change log for subscribers that reconnect (approximately). */
const CHANGE_LOG_LENGTH = 1000;
/**
 * How long the watchers key lives, and how often each subscriber renews it. Plan writes
 * log and publish their changes only while it exists, so a subscriber that was away for
 * longer catches up only on what was logged (as it would past the log's length anyway).
 */
const WATCH_TTL_MS = 10 * 60_000;
const WATCH_RENEW_MS = 60_000;
/** Change log entries read per catch-up query. */
const CATCH_UP_BATCH = 200;

/** Upper bound of a lex range: encoded key names only hold characters below DEL (0x7f). */
const AFTER_ALL_NAMES = '\x7f';

export class RedisPlanStore implements PlanStore {
  readonly client: Redis;
  readonly keyPrefix: string;
  private readonly ownsClient: boolean;
  private readonly historyLimit: number;
  private readonly indexKey: string;
  private readonly channel: string;
  /** Capped stream of recent changes, read back after a subscriber reconnects. */
  private readonly changeLogKey: string;
  /** Exists while anyone subscribes; see WATCH_TTL_MS. */
  private readonly watchersKey: string;
  /** Stream id of the newest change delivered; unset while nobody is subscribed. */
  private lastChangeId: string | undefined;
  /** Changes are delivered one after another, so a catch-up and live messages keep log order. */
  private deliveries: Promise<void> = Promise.resolve();
  private readonly listeners = new ChangeListeners();
  private subscription:
    | { connection: Redis; ready: Promise<unknown>; renewal: NodeJS.Timeout }
    | undefined;
  /** The last connection error of a client the store owns, reported by {@link connect}. */
  private lastError: unknown;
  private connecting = false;
  /** Set by {@link close}: a write still in flight then meets a socket closed on purpose. */
  private closing = false;
  /** The one connection check of this store (see {@link connect}). */
  private connection: Promise<void> | undefined;
  /** Set once the check passed, so a write need not wait a turn for {@link connect}. */
  private checked = false;
  /** Set when a failed check closed the owned client, so the next check reopens it. */
  private closedByCheck = false;
  private readonly shownUrl: string;
  private readonly connectTimeoutMs: number;
  /** Writes started in the same tick go to the server as one script call. */
  private readonly writes = new GroupCommit<QueuedWrite, WriteOutcome>(
    {
      commitAll: (writes) => this.commitWrites(writes),
      commitOne: async (write) => (await this.commitWrites([write]))[0]!,
      // A failed call is a connection or server failure, which every write would meet.
      failsEveryWrite: () => true,
    },
    { maxBatch: 64, spreadOver: 2 },
  );

  constructor(options: RedisStoreOptions = {}) {
    this.historyLimit = resolveHistoryLimit(options.historyLimit);
    this.connectTimeoutMs = resolveConnectTimeout(options.connectTimeoutMs);
    this.keyPrefix = options.keyPrefix ?? 'plankeeper:';
    this.indexKey = `${this.keyPrefix}plans`;
    this.channel = `${this.keyPrefix}changes`;
    this.changeLogKey = `${this.keyPrefix}change-log`;
    this.watchersKey = `${this.keyPrefix}watchers`;
    if (options.client) {
      this.client = options.client;
      this.ownsClient = false;
    } else {
      this.client = options.url
        ? new Redis(options.url, options.redisOptions ?? {})
        : new Redis(options.redisOptions ?? {});
      this.ownsClient = true;
      // Without a listener ioredis prints every failed reconnect attempt to the console.
      // One warning per outage is enough; ioredis keeps reconnecting on its own.
      let warned = false;
      this.client.on('error', (error: unknown) => {
        this.lastError = error;
        // While connect() runs, its own error says it better. After close(), commands still
        // sent fail on the socket QUIT closed (write EPIPE): no outage, nothing to retry.
        if (warned || this.connecting || this.closing) return;
        warned = true;
        process.emitWarning(
          `The Redis plan store lost its connection to ${this.shownUrl}: ${error instanceof Error ? error.message : String(error)}; retrying.`,
          { type: 'PlankeeperWarning' },
        );
      });
      this.client.on('ready', () => {
        warned = false;
      });
    }
    this.shownUrl = redact(
      options.url ?? `redis://${this.client.options.host}:${this.client.options.port}`,
    );
  }

  /**
   * Connects now (a client made with `lazyConnect`) or checks the connection with a PING,
   * so an unreachable server is reported at once as a {@link StoreUnavailableError}
   * rather than on the first plan write. `openStore` calls it; every other method awaits
   * it first, once per store, so a store made directly is checked the same way before
   * anything is read or written (ioredis alone would go on in database 0 after a failed
   * SELECT of the URL's database). After a failed check the next call checks again, so
   * a store made while its server was down works once the server is back.
   */
  connect(): Promise<void> {
    this.connection ??= this.establish().then(
      () => {
        this.checked = true;
      },
      (error: unknown) => {
        this.connection = undefined;
        throw error;
      },
    );
    return this.connection;
  }

  private async establish(): Promise<void> {
    // A client never connected (lazyConnect), or one a failed earlier check closed.
    const reopen = this.closedByCheck || this.client.status === 'wait';
    this.closedByCheck = false;
    this.connecting = true;
    this.lastError = undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      if (this.connectTimeoutMs === 0) return; // 0: wait as long as it takes
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.connectTimeoutMs} ms`)),
        this.connectTimeoutMs,
      );
    });
    try {
      await Promise.race([reopen ? this.client.connect() : this.client.ping(), timeout]);
      // ioredis reports a failed SELECT of the URL's database only as an error event
      // and goes on in database 0; plans must not land in another database unnoticed.
      if (this.lastError !== undefined) throw this.lastError;
    } catch (error) {
      const cause = this.lastError ?? error;
      await this.closeAfterFailedCheck();
      const refused = /NOAUTH|WRONGPASS|invalid password|DB index/i.test(String(cause));
      throw new StoreUnavailableError(
        'Redis',
        this.shownUrl,
        cause,
        refused ? 'refused' : 'unreachable',
      );
    } finally {
      clearTimeout(timer);
      this.connecting = false;
    }
  }

  /**
   * Stops an owned client's own reconnecting after a failed check, and waits until an
   * open connection has closed, so the next check can open it again.
   */
  private async closeAfterFailedCheck(): Promise<void> {
    if (!this.ownsClient) return;
    const open = ['connecting', 'connect', 'ready'].includes(this.client.status);
    const closed = open ? once(this.client, 'end') : undefined;
    const stream = this.client.stream;
    this.client.disconnect();
    // disconnect() arms a timer (disconnectTimeout, 2 s) that destroys the socket unless
    // the socket's 'close' clears it first. A refused socket has closed already, so
    // nothing would clear it and a process that gave up on the store lives 2 s longer.
    // Only its 'close' has happened (`closed`); ioredis's own close handler ran then.
    if (stream?.closed) stream.emit('close');
    if (closed) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    this.closedByCheck = true;
  }

  /**
   * A lost connection as one StoreUnavailableError (ioredis gives up a command after
   * `maxRetriesPerRequest` failed reconnects, about 10 s by default); other errors as they are.
   */
  private unavailableOr(error: unknown): unknown {
    if (StoreUnavailableError.isInstance(error) || !isConnectionFailure(error)) return error;
    return new StoreUnavailableError(
      'Redis',
      this.shownUrl,
      error,
      this.checked ? 'lost' : 'unreachable',
    );
  }

  private guard<T>(work: Promise<T>): Promise<T> {
    return work.catch((error: unknown) => {
      throw this.unavailableOr(error);
    });
  }

  /** The Redis key of a plan's hash, e.g. for inspecting it with redis-cli. */
  planKeyOf(key: PlanKey): string {
    return `${this.keyPrefix}plan:${encodePlanKey(key)}`;
  }

  private historyKeyOf(name: string): string {
    return `${this.keyPrefix}history:${name}`;
  }

  private stateKeyOf(name: string): string {
    return `${this.keyPrefix}state:${name}`;
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    await this.connect();
    this.writes.flush();
    const name = encodePlanKey(key);
    const [version, record, epoch] = await this.guard(
      this.client.hmget(this.planKeyOf(key), 'version', 'record', 'epoch'),
    );
    if (version == null) return undefined;
    const plan = { version: parseVersion(name, version), record: decodeRecord(name, record ?? '') };
    return epoch == null ? plan : { ...plan, epoch };
  }

  async compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options: WriteOptions = {},
  ): Promise<CompareAndSetResult> {
    const prepared = prepareWrite(key, expectedVersion, record, options);
    if (!this.checked) await this.connect();
    const outcome = await this.guard(
      this.writes.add({ prepared, expectedVersion, updatedAt: record.updatedAt }),
    );
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  /** Sends a batch of writes as one script call; a write the server failed comes back as its Error. */
  private async commitWrites(writes: readonly QueuedWrite[]): Promise<WriteOutcome[]> {
    const keys = [this.indexKey, this.changeLogKey, this.watchersKey];
    const args: (string | number)[] = [
      Date.now(),
      this.historyLimit,
      this.channel,
      CHANGE_LOG_LENGTH,
    ];
    for (const { prepared, expectedVersion, updatedAt } of writes) {
      const { name, ttlMs, text, total, open, sourceText, expectedEpoch } = prepared;
      keys.push(`${this.keyPrefix}plan:${name}`, this.historyKeyOf(name));
      args.push(
        expectedVersion,
        text,
        total,
        open,
        updatedAt,
        ttlMs ?? '',
        sourceText,
        name,
        expectedEpoch ?? '',
        newEpoch(),
      );
    }
    const reply = (await compareAndSetScript.run(this.client, keys, args)) as (number | string)[];
    return writes.map((_, index): WriteOutcome => {
      const [status, version, detail] = reply.slice(index * 3, index * 3 + 3);
      if (status === 1) return { ok: true, version: Number(version), epoch: String(detail) };
      if (status === 0) return { ok: false, currentVersion: Number(version) };
      return new Error(
        `Redis refused the plan write to ${writes[index]!.prepared.name}: ${detail}`,
      );
    });
  }

  async delete(key: PlanKey, options: { source?: ChangeSource } = {}): Promise<boolean> {
    await this.connect();
    this.writes.flush();
    const name = encodePlanKey(key);
    const version = (await this.guard(
      deleteScript.run(
        this.client,
        [
          this.planKeyOf(key),
          this.historyKeyOf(name),
          this.indexKey,
          this.changeLogKey,
          this.stateKeyOf(name),
        ],
        [
          Date.now(),
          JSON.stringify(options.source ?? HOST_DELETE),
          this.historyLimit,
          name,
          this.channel,
          CHANGE_LOG_LENGTH,
        ],
      ),
    )) as number;
    return version > 0;
  }

  async list(filter: ListFilter = {}): Promise<PlanListing[]> {
    await this.connect();
    this.writes.flush();
    let names: string[];
    if (filter.agent !== undefined) {
      const start = `${encodeURIComponent(filter.agent)}/`;
      names = await this.guard(
        this.client.zrangebylex(this.indexKey, `[${start}`, `(${start}${AFTER_ALL_NAMES}`),
      );
    } else {
      names = await this.guard(this.client.zrangebylex(this.indexKey, '-', '+'));
    }
    const keys = names.map((name) => ({ name, key: decodePlanKey(name) }));
    const wanted =
      filter.session === undefined
        ? keys
        : keys.filter(({ key }) => key.session === filter.session);
    if (wanted.length === 0) return [];

    const pipeline = this.client.pipeline();
    for (const { name } of wanted) {
      pipeline.hmget(`${this.keyPrefix}plan:${name}`, 'version', 'total', 'open', 'updated');
    }
    const replies = (await this.guard(pipeline.exec())) ?? [];
    const listings: PlanListing[] = [];
    const gone: string[] = [];
    wanted.forEach(({ name, key }, index) => {
      const [error, fields] = replies[index] ?? [];
      if (error) throw this.unavailableOr(error);
      const [version, total, open, updated] = fields as (string | null)[];
      if (version == null) {
        gone.push(name);
        return;
      }
      listings.push({
        key,
        version: Number(version),
        updatedAt: Number(updated),
        total: Number(total),
        open: Number(open),
      });
    });
    // Expired plans leave their name in the index; drop those names now that we saw them.
    if (gone.length > 0) {
      await this.guard(
        pruneIndexScript.run(
          this.client,
          [this.indexKey, ...gone.map((name) => `${this.keyPrefix}plan:${name}`)],
          gone,
        ),
      );
    }
    return listings;
  }

  async history(key: PlanKey, options: { limit?: number } = {}): Promise<PlanRevision[]> {
    await this.connect();
    this.writes.flush();
    const name = encodePlanKey(key);
    const limit = Math.min(options.limit ?? this.historyLimit, this.historyLimit);
    if (limit <= 0) return [];
    const entries = await this.guard(this.client.lrange(this.historyKeyOf(name), -limit, -1));
    return entries.map((entry) => decodeEntry(name, entry));
  }

  async getState(key: PlanKey): Promise<VersionedState | undefined> {
    await this.connect();
    const name = encodePlanKey(key);
    const [version, state] = await this.guard(
      this.client.hmget(this.stateKeyOf(name), 'version', 'state'),
    );
    if (version == null) return undefined;
    return { version: parseVersion(name, version), state: decodeState(name, state ?? '') };
  }

  /** One script call per write; state writes do not join the plan writes' group commit. */
  async compareAndSetState(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options: StateWriteOptions = {},
  ): Promise<CompareAndSetStateResult> {
    const { name, ttlMs, text } = prepareStateWrite(key, expectedVersion, state, options);
    if (!this.checked) await this.connect();
    const [status, version] = (await this.guard(
      compareAndSetStateScript.run(
        this.client,
        [this.stateKeyOf(name)],
        [expectedVersion, text, ttlMs ?? ''],
      ),
    )) as [number, number];
    return status === 1 ? { ok: true, version } : { ok: false, currentVersion: version };
  }

  subscribe(listener: (change: PlanChange) => void): Promise<Unsubscribe> {
    return this.listeners.subscribe(listener, {
      start: async () => {
        await this.connect();
        await this.guard(this.openSubscription());
      },
      stop: () => this.closeSubscription(),
    });
  }

  async close(): Promise<void> {
    // Writes started before close() may still wait for the connection check; once it is
    // done they queue themselves (their continuations run first), and flush sends them.
    await this.connection?.catch(() => undefined);
    this.closing = true;
    this.writes.flush();
    this.listeners.clear();
    await this.closeSubscription();
    if (!this.ownsClient || this.client.status === 'end') return;
    // QUIT needs a live connection; without one it would wait for a reconnect forever.
    if (this.client.status === 'ready') {
      // Writes still sent after QUIT fail on the closing socket (write EPIPE), and ioredis
      // may then reject QUIT itself with "Connection is closed": closed is what we asked for.
      await this.client.quit().catch(() => this.client.disconnect());
    } else this.client.disconnect();
  }

  /**
   * Subscribing needs a connection of its own: a subscribed Redis connection runs no other
   * commands. ioredis reconnects and subscribes again by itself; on each reconnect the
   * changes published meanwhile are read back from the change log.
   */
  private openSubscription(): Promise<unknown> {
    if (!this.subscription) {
      const connection = this.client.duplicate({
        // Shown by CLIENT LIST; Redis refuses names with spaces.
        connectionName: `plankeeper-changes:${this.keyPrefix}`.replace(/\s/g, '_'),
        // The 'ready' handler below subscribes again after a reconnect (then catches up).
        // ioredis's own resubscribe sends SUBSCRIBE with no rejection handler, so a
        // connection cut again before it is answered left an unhandled rejection.
        autoResubscribe: false,
      });
      connection.on('message', (_channel: string, message: string) => this.enqueue(message));
      // Without a listener ioredis prints each failed reconnect of this connection to the
      // console. It reconnects and catches up by itself, and the store's own client
      // reports the same outage, so its errors need no word of their own.
      connection.on('error', () => undefined);
      let connectedBefore = false;
      connection.on('ready', () => {
        // Back after a disconnect: once subscribed again (awaited here, so nothing slips
        // between the log read and the subscription), read what was missed.
        if (connectedBefore) {
          this.watchAgain()
            .then(() => connection.subscribe(this.channel))
            .then(
              () => this.catchUp(),
              () => undefined, // the next reconnect tries again
            );
        }
        connectedBefore = true;
      });
      // Renewed while subscribed; a failed renewal is tried again at the next one.
      const renewal = setInterval(
        () => this.markWatched().catch(() => undefined),
        WATCH_RENEW_MS,
      ).unref();
      const ready = (async () => {
        // Before subscribing, so every write from here on is logged and published.
        await this.markWatched();
        // Waits for the connection to be ready: ioredis sends SUBSCRIBE at once to a
        // connection still in its handshake (CLIENT SETNAME), and its ready check then
        // fails in subscriber mode, so nothing would be delivered. PING waits its turn.
        await connection.ping();
        await connection.subscribe(this.channel);
        // Changes from here on are delivered; anything older than this id was before us.
        const [newest] = (await this.client.xrevrange(this.changeLogKey, '+', '-', 'COUNT', 1)) as [
          string,
          string[],
        ][];
        this.lastChangeId = newest?.[0] ?? '0-0';
      })().catch((error: unknown) => {
        // Let the next subscribe start over instead of returning this failure forever.
        if (this.subscription?.connection === connection) this.subscription = undefined;
        clearInterval(renewal);
        connection.disconnect();
        throw error;
      });
      this.subscription = { connection, ready, renewal };
    }
    return this.subscription.ready;
  }

  private async markWatched(): Promise<void> {
    await this.client.set(this.watchersKey, '1', 'PX', WATCH_TTL_MS);
  }

  /**
   * Marks the plans watched again after the subscription was cut, warning when the mark
   * had lapsed meanwhile: writes made while nobody watched were not logged, so the
   * catch-up cannot deliver them.
   */
  private async watchAgain(): Promise<void> {
    const lapsed = (await this.client.pttl(this.watchersKey)) < 0;
    await this.markWatched();
    if (lapsed) {
      process.emitWarning(
        `Plan changes in Redis went unwatched while the change subscription was cut for over ${WATCH_TTL_MS / 60_000} minutes; changes made then are not delivered.`,
        { type: 'PlankeeperWarning' },
      );
    }
  }

  private async closeSubscription(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    this.lastChangeId = undefined;
    if (!subscription) return;
    clearInterval(subscription.renewal);
    try {
      await subscription.ready;
      await subscription.connection.quit();
    } catch {
      subscription.connection.disconnect();
    }
  }

  /** A published change: "<change log id> <message>" (or, from older writers, the message alone). */
  private enqueue(payload: string): void {
    const legacy = payload.startsWith('{');
    const space = payload.indexOf(' ');
    this.deliveries = this.deliveries.then(() =>
      legacy
        ? this.deliver(undefined, payload)
        : this.deliver(payload.slice(0, space), payload.slice(space + 1)),
    );
  }

  /** Reads the changes published while the subscription was disconnected. */
  private catchUp(): void {
    this.deliveries = this.deliveries.then(async () => {
      try {
        for (;;) {
          if (this.lastChangeId === undefined) return;
          const entries = (await this.client.xrange(
            this.changeLogKey,
            `(${this.lastChangeId}`,
            '+',
            'COUNT',
            CATCH_UP_BATCH,
          )) as [string, string[]][];
          for (const [id, fields] of entries) this.deliver(id, fields[1] ?? '');
          if (entries.length < CATCH_UP_BATCH) return;
        }
      } catch (error) {
        process.emitWarning(
          `Reading the plan changes made while disconnected failed: ${error instanceof Error ? error.message : String(error)}`,
          { type: 'PlankeeperWarning' },
        );
      }
    });
  }

  /** Emits one change unless it is not newer than the last one delivered (`id` unknown: emit). */
  private deliver(id: string | undefined, message: string): void {
    if (this.lastChangeId === undefined) return;
    if (id !== undefined) {
      if (!isNewerId(id, this.lastChangeId)) return;
      this.lastChangeId = id;
    }
    let change: PlanChange;
    try {
      const parsed = JSON.parse(message) as ChangeMessage;
      change = { key: decodePlanKey(parsed.key), ...decodeRevision(parsed.key, parsed.revision) };
    } catch (error) {
      process.emitWarning(
        `Skipped an unreadable plan change: ${error instanceof Error ? error.message : String(error)}`,
        { type: 'PlankeeperWarning' },
      );
      return;
    }
    this.listeners.emit(change);
  }
}

/** True when stream id `id` ("<ms>-<seq>") comes after `than`. */
function isNewerId(id: string, than: string): boolean {
  const [ms = 0, seq = 0] = id.split('-').map(Number);
  const [thanMs = 0, thanSeq = 0] = than.split('-').map(Number);
  return ms > thanMs || (ms === thanMs && seq > thanSeq);
}

function parseVersion(name: string, text: string): number {
  const version = Number(text);
  if (!Number.isInteger(version) || version < 1) {
    throw new PlanRecordError(
      name,
      `the stored version ${JSON.stringify(text)} is not valid (corrupt record).`,
    );
  }
  return version;
}

/** A history list entry: one revision as JSON text. */
function decodeEntry(name: string, entry: string): PlanRevision {
  let parsed: StoredRevision;
  try {
    parsed = JSON.parse(entry) as StoredRevision;
  } catch {
    throw new PlanRecordError(name, 'a stored revision is not valid JSON (corrupt history).');
  }
  return decodeRevision(name, parsed);
}
