/**
 * Backing stores for the store tests: each backend opens isolated namespaces (a temp
 * SQLite file, a random Redis key prefix, a random PostgreSQL table prefix), can open
 * several store instances on one namespace, and can plant a bad record through the
 * driver, bypassing the store. Redis and PostgreSQL need REDIS_URL / DATABASE_URL; a
 * backend without its variable reports why it cannot run instead of failing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, MemoryPlanStore, type PlanKey } from 'plankeeper';
import type { OpenStoreOptions } from 'plankeeper/stores';
import { PLAN_FORMAT } from 'plankeeper/stores';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, beforeAll } from 'vitest';
import { testTag } from './test-run.js';
import { deleteRedisKeys } from './url-namespaces.js';

export interface StoreOpenOptions {
  historyLimit?: number;
}

/** Bad data to plant: a record of a format this code does not know, or undecodable data. */
export { planRecord, sleep, waitFor } from 'plankeeper/test';

export type BadRecord = 'future-format' | 'garbage';

/** One isolated namespace of a backend. */
export interface StoreNamespace {
  /** A new store instance; instances of one namespace share their data. */
  open(options?: StoreOpenOptions): Promise<PlanStore>;
  /** The URL `openStore` takes for this namespace, and the options that select the namespace. */
  url: string;
  storeOptions: OpenStoreOptions;
  /** Overwrites an existing plan's stored record through the driver. */
  plant?(key: PlanKey, bad: BadRecord): Promise<void>;
  cleanup(): Promise<void>;
}

export interface StoreBackend {
  name: 'memory' | 'sqlite' | 'redis' | 'postgres';
  /** Why this backend cannot run here; undefined when it can. */
  unavailable: string | undefined;
  /** True when separate instances (and processes) share one backing store. */
  shared: boolean;
  namespace(): Promise<StoreNamespace>;
}

const FUTURE_FORMAT = JSON.stringify({
  format: PLAN_FORMAT + 98,
  items: [],
  nextId: 1,
  updatedAt: 0,
});

export const memoryBackend: StoreBackend = {
  name: 'memory',
  unavailable: undefined,
  shared: false,
  async namespace() {
    return {
      async open(options = {}) {
        return new MemoryPlanStore(options);
      },
      url: 'memory',
      storeOptions: {},
      async cleanup() {},
    };
  },
};

export const sqliteBackend: StoreBackend = {
  name: 'sqlite',
  unavailable: undefined,
  shared: true,
  async namespace() {
    const directory = mkdtempSync(join(tmpdir(), 'plankeeper-store-'));
    const path = join(directory, 'nested', 'plans.db');
    return {
      async open(options = {}) {
        return new SqlitePlanStore({ path, pollIntervalMs: 50, ...options });
      },
      url: `sqlite:${path}`,
      storeOptions: {},
      async plant(key, bad) {
        const db = new Database(path);
        try {
          const text = bad === 'future-format' ? FUTURE_FORMAT : '{"format": 1, "items": [';
          // The plan's record is its newest revision.
          const changed = db
            .prepare(
              `UPDATE plankeeper_revisions SET record = ? WHERE key = ?
                 AND seq = (SELECT seq FROM plankeeper_plans WHERE key = ?)`,
            )
            .run(text, encodePlanKey(key), encodePlanKey(key)).changes;
          if (changed !== 1)
            throw new Error(`No stored plan to overwrite at ${encodePlanKey(key)}`);
        } finally {
          db.close();
        }
      },
      async cleanup() {
        rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

export const redisBackend: StoreBackend = {
  name: 'redis',
  unavailable: process.env.REDIS_URL ? undefined : 'REDIS_URL is not set',
  shared: true,
  async namespace() {
    const url = process.env.REDIS_URL!;
    const keyPrefix = `plankeeper-test:${testTag()}:`;
    const admin = new Redis(url);
    return {
      async open(options = {}) {
        return new RedisPlanStore({ url, keyPrefix, ...options });
      },
      url,
      storeOptions: { keyPrefix },
      async plant(key, bad) {
        const planKey = `${keyPrefix}plan:${encodePlanKey(key)}`;
        if (!(await admin.exists(planKey))) throw new Error(`No stored plan at ${planKey}`);
        await admin.hset(planKey, 'record', bad === 'future-format' ? FUTURE_FORMAT : '{"items":');
      },
      async cleanup() {
        await deleteRedisKeys(admin, `${keyPrefix}*`);
        await admin.quit();
      },
    };
  },
};

export const postgresBackend: StoreBackend = {
  name: 'postgres',
  unavailable: process.env.DATABASE_URL ? undefined : 'DATABASE_URL is not set',
  shared: true,
  async namespace() {
    const connectionString = process.env.DATABASE_URL!;
    const tablePrefix = `pk_test_${testTag()}_`;
    const admin = new pg.Pool({ connectionString, max: 2 });
    return {
      async open(options = {}) {
        return new PostgresPlanStore({ connectionString, tablePrefix, poolSize: 4, ...options });
      },
      url: connectionString,
      storeOptions: { tablePrefix },
      async plant(key, bad) {
        // jsonb only holds valid JSON, so "garbage" is JSON that is not a plan record.
        const text = bad === 'future-format' ? FUTURE_FORMAT : '"not a plan record"';
        const { rowCount } = await admin.query(
          `UPDATE ${tablePrefix}plans SET record = $1::jsonb WHERE key = $2`,
          [text, encodePlanKey(key)],
        );
        if (rowCount !== 1) throw new Error(`No stored plan to overwrite at ${encodePlanKey(key)}`);
      },
      async cleanup() {
        await dropPostgresTables(admin, tablePrefix);
        await admin.end();
      },
    };
  },
};

/** Drops every table whose name starts with `tablePrefix`. */
export async function dropPostgresTables(pool: pg.Pool, tablePrefix: string): Promise<void> {
  const { rows } = await pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, $1)`,
    [tablePrefix],
  );
  for (const { tablename } of rows) await pool.query(`DROP TABLE IF EXISTS "${tablename}" CASCADE`);
}

export const allBackends: readonly StoreBackend[] = [
  memoryBackend,
  sqliteBackend,
  redisBackend,
  postgresBackend,
];

/** Says plainly, once per suite, that a backend's tests will not run and why. */
export function warnIfUnavailable(backend: StoreBackend, suite: string): boolean {
  if (backend.unavailable === undefined) return false;
  console.warn(
    `[plankeeper] SKIPPED ${suite} for ${backend.name}: ${backend.unavailable}. Run "bash .ci/services.sh .ci/out && source .ci/out/services.env" to start the services.`,
  );
  return true;
}

/** Collects the messages of process warnings until `stop()` is called. */
export function captureWarnings(): { messages: string[]; stop: () => void } {
  const messages: string[] = [];
  const onWarning = (warning: Error) => messages.push(warning.message);
  process.on('warning', onWarning);
  return { messages, stop: () => process.off('warning', onWarning) };
}

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Absolute path of a file in the built package (dist/), for child processes. */
export function distFile(relative: string): string {
  const path = join(repositoryRoot, 'dist', relative);
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: these tests run child processes against the built package. Run "npm run build" first (npm test does).`,
    );
  }
  return path;
}

export function repositoryFile(relative: string): string {
  return join(repositoryRoot, relative);
}

/**
 * Store instances on one fresh namespace of `backend` for a describe block: the namespace
 * is made before its tests, and every store `open` gave is closed and the namespace
 * removed after them.
 */
export function namespaceStores(backend: StoreBackend): { open(): Promise<PlanStore> } {
  let namespace: StoreNamespace | undefined;
  const stores: PlanStore[] = [];
  beforeAll(async () => {
    namespace = await backend.namespace();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await namespace?.cleanup();
  });
  return {
    async open() {
      const store = await namespace!.open();
      stores.push(store);
      return store;
    },
  };
}
