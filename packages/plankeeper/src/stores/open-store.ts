/**
 * Opens a plan store from a URL, the form a CLI flag or an environment variable carries.
 * Each driver is imported only when its URL is opened, so importing this module (or the
 * package root) never loads better-sqlite3, ioredis or pg.
 *
 * @example
 * const store = await openStore('sqlite:.plankeeper/plans.db');
 * const shared = await openStore(process.env.REDIS_URL ?? 'memory');
 */
import { ConfigurationError } from '../engine/errors.js';
import { MemoryPlanStore } from '../engine/store/memory-store.js';
import type { PlanStore } from '../engine/store/plan-store.js';
import { redact } from './shared/redact-url.js';
import { type StoreUnavailableError, StoreUrlError } from './store-errors.js';

export interface OpenStoreOptions {
  /** Revisions kept per plan. Default 50. */
  historyLimit?: number;
  /** Redis and PostgreSQL: how long opening waits for the server to answer. Default 10 s. */
  connectTimeoutMs?: number;
  /** Redis: prefix of every key and the change channel. Default `plankeeper:`. */
  keyPrefix?: string;
  /** PostgreSQL: prefix of the table names. Default `plankeeper_`. */
  tablePrefix?: string;
  /** SQLite: how long a write waits for another process's lock. Default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * SQLite: milliseconds since the epoch after which no write waits for another process's
   * lock (see SqliteStoreOptions.lockWaitDeadline), for a caller with a deadline of its own.
   */
  lockWaitDeadline?: number;
  /** SQLite: how often subscribers look for other processes' changes. Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * SQLite: open the file for reading only, always (`true`) or when this process cannot
   * write it (`'if-not-writable'`, for callers that only read). Other stores ignore it.
   */
  readOnly?: boolean | 'if-not-writable';
}

const ACCEPTED =
  'use one of: memory; sqlite:PATH (for example sqlite:.plankeeper/plans.db, sqlite:/var/lib/plans.db or sqlite::memory:); redis://[USER:PASSWORD@]HOST[:PORT][/DB] or rediss://…; postgres://USER:PASSWORD@HOST[:PORT]/DATABASE or postgresql://…';

/** Where a URL points, before any driver is loaded. */
export type StoreLocation =
  | { kind: 'memory' }
  | { kind: 'sqlite'; path: string }
  | { kind: 'redis'; url: string }
  | { kind: 'postgres'; url: string };

/** Reads a store URL; throws {@link StoreUrlError} saying which forms are accepted. */
export function parseStoreUrl(url: string): StoreLocation {
  const shown = redact(url);
  const text = url.trim();
  if (text === '') throw new StoreUrlError(shown, `the URL is empty; ${ACCEPTED}.`);
  if (text === 'memory' || text === 'memory:') return { kind: 'memory' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();

  if (scheme === 'sqlite') {
    const path = text.slice('sqlite:'.length);
    if (path.startsWith('//')) {
      throw new StoreUrlError(
        shown,
        'write the path right after "sqlite:" without "//": sqlite:relative/plans.db, sqlite:/absolute/plans.db or sqlite::memory:.',
      );
    }
    if (path === '') {
      throw new StoreUrlError(
        shown,
        'the SQLite path is missing: write sqlite:PATH, e.g. sqlite:.plankeeper/plans.db.',
      );
    }
    return { kind: 'sqlite', path };
  }
  if (
    scheme === 'redis' ||
    scheme === 'rediss' ||
    scheme === 'postgres' ||
    scheme === 'postgresql'
  ) {
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      throw new StoreUrlError(shown, `it is not a valid URL; ${ACCEPTED}.`);
    }
    // postgres:///db is libpq's form for the default host (PGHOST or the local socket).
    if (parsed.hostname === '' && scheme.startsWith('redis')) {
      throw new StoreUrlError(shown, `the host is missing; ${ACCEPTED}.`);
    }
    return scheme.startsWith('redis')
      ? { kind: 'redis', url: text }
      : { kind: 'postgres', url: text };
  }
  const what = scheme === undefined ? 'it has no scheme' : `"${scheme}:" is not a store we know`;
  throw new StoreUrlError(shown, `${what}; ${ACCEPTED}.`);
}

/**
 * Opens the store a URL names; see {@link parseStoreUrl} for the accepted forms. A Redis
 * or PostgreSQL server is contacted before this resolves, so an unreachable one rejects
 * with {@link StoreUnavailableError} here, not on the first plan write.
 */
export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<PlanStore> {
  const location = parseStoreUrl(url);
  const historyLimit =
    options.historyLimit === undefined ? {} : { historyLimit: options.historyLimit };
  switch (location.kind) {
    case 'memory':
      return new MemoryPlanStore(historyLimit);
    case 'sqlite': {
      const { SqlitePlanStore } = await loadDriver(
        () => import('./sqlite/index.js'),
        'better-sqlite3',
      );
      return new SqlitePlanStore({
        path: location.path,
        ...historyLimit,
        ...(options.busyTimeoutMs !== undefined && { busyTimeoutMs: options.busyTimeoutMs }),
        ...(options.lockWaitDeadline !== undefined && {
          lockWaitDeadline: options.lockWaitDeadline,
        }),
        ...(options.pollIntervalMs !== undefined && { pollIntervalMs: options.pollIntervalMs }),
        ...(options.readOnly !== undefined && { readOnly: options.readOnly }),
      });
    }
    case 'redis': {
      const { RedisPlanStore } = await loadDriver(() => import('./redis/index.js'), 'ioredis');
      const store = new RedisPlanStore({
        url: location.url,
        redisOptions: { lazyConnect: true },
        ...historyLimit,
        ...(options.connectTimeoutMs !== undefined && {
          connectTimeoutMs: options.connectTimeoutMs,
        }),
        ...(options.keyPrefix !== undefined && { keyPrefix: options.keyPrefix }),
      });
      await store.connect();
      return store;
    }
    case 'postgres': {
      const { PostgresPlanStore } = await loadDriver(() => import('./postgres/index.js'), 'pg');
      const store = new PostgresPlanStore({
        connectionString: location.url,
        ...historyLimit,
        ...(options.connectTimeoutMs !== undefined && {
          connectTimeoutMs: options.connectTimeoutMs,
        }),
        ...(options.tablePrefix !== undefined && { tablePrefix: options.tablePrefix }),
      });
      try {
        await store.connect();
      } catch (error) {
        await store.close();
        throw error;
      }
      return store;
    }
  }
}

/** Imports a store module; a missing driver package becomes an error that says what to install. */
async function loadDriver<T>(load: () => Promise<T>, driver: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(driver)) {
      throw new ConfigurationError(
        `This store needs the "${driver}" package, which is not installed. Run: npm install ${driver}`,
      );
    }
    throw error;
  }
}
