/**
 * An unreachable or refusing store server is reported at open, in one clear error that
 * names the server and URL (password masked) and says what to check — never a driver
 * stack trace, a flood of reconnect logs, or plans silently written somewhere else.
 */
import { connect, createServer, type Server } from 'node:net';
import { Redis } from 'ioredis';
import { isConnectionFailure, openStore, StoreUnavailableError } from 'plankeeper/stores';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  captureWarnings,
  postgresBackend,
  redisBackend,
  sleep,
  warnIfUnavailable,
} from '../../../plankeeper/test/support/store-fixtures.js';
import { testTag } from '../../../plankeeper/test/support/test-run.js';
import { removeRedisPrefix } from '../../../plankeeper/test/support/url-namespaces.js';
import { runCli } from '../support/run-cli.js';

// Nothing listens on port 1 of the loopback interface, so connecting is refused at once.
const CLOSED = '127.0.0.1:1';
const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;

afterEach(() => vi.restoreAllMocks());

/** A loopback port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function openError(url: string): Promise<StoreUnavailableError> {
  const error = await openStore(url).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StoreUnavailableError);
  return error as StoreUnavailableError;
}

describe('opening a store whose server is not there', () => {
  it('Redis: one error naming the URL and the refusal, and no console noise', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { messages: warnings, stop: stopCapturing } = captureWarnings();
    try {
      const started = Date.now();
      const error = await openError(`redis://${CLOSED}`);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(error.message).toBe(
        `cannot use the Redis server at redis://${CLOSED} (connect ECONNREFUSED ${CLOSED}). Check that the server is running and that the URL's host and port are right, or use another store.`,
      );
      expect(error.reason).toBe('unreachable');
      await sleep(300); // no reconnect attempts after
      expect(consoleError).not.toHaveBeenCalled();
      expect(warnings).toEqual([]);
    } finally {
      stopCapturing();
    }
  });

  it('PostgreSQL: the same, with the password masked', async () => {
    const error = await openError(`postgres://someone:s3cret@${CLOSED}/plans`);
    expect(error.message).toBe(
      `cannot use the PostgreSQL server at postgres://someone:***@${CLOSED}/plans (connect ECONNREFUSED ${CLOSED}). Check that the server is running and that the URL's host and port are right, or use another store.`,
    );
    expect(error.message).not.toContain('s3cret');
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    // What a wrong port behind a proxy, or a blackholed address, looks like.
    const silent: Server = createServer((socket) => socket.on('data', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      for (const url of [`redis://127.0.0.1:${port}`, `postgres://u:p@127.0.0.1:${port}/db`]) {
        const started = Date.now();
        const error = await openStore(url, { connectTimeoutMs: 300 }).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect(Date.now() - started).toBeLessThan(5000);
        expect((error as Error).message).toMatch(
          /^cannot use the (Redis|PostgreSQL) server at .*\((no answer within 300 ms|Connection terminated due to connection timeout)\)/,
        );
      }
    } finally {
      silent.close();
    }
  });

  it('waits at most 10 s for a PostgreSQL connection unless told otherwise', async () => {
    const store = new PostgresPlanStore({ connectionString: `postgres://u:p@${CLOSED}/db` });
    // The pool is the store's own (private); its options are what the driver will use.
    const { pool } = store as unknown as { pool: { options: { connectionTimeoutMillis: number } } };
    expect(pool.options.connectionTimeoutMillis).toBe(10_000);
    await store.close();
  });

  it('PostgreSQL store made directly: the first call rejects with the same error', async () => {
    const store = new PostgresPlanStore({ connectionString: `postgres://u:p@${CLOSED}/db` });
    try {
      await expect(store.get({ agent: 'a', session: 's' })).rejects.toThrow(StoreUnavailableError);
    } finally {
      await store.close();
    }
  });

  it('the CLI prints that one line and exits 3 (configuration), without a stack trace', async () => {
    for (const url of [`redis://${CLOSED}`, `postgres://u:p@${CLOSED}/db`]) {
      const { code, stdout, stderr } = await runCli(['todos', '--store', url]);
      expect(code).toBe(3);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^plankeeper: cannot use the (Redis|PostgreSQL) server at /);
      expect(stderr).not.toContain('    at ');
    }
  });
});

describe.skipIf(warnIfUnavailable(redisBackend, 'the refusing-server checks'))(
  'Redis server that refuses the URL',
  () => {
    it('a database index the server does not have is an error, not database 0', async () => {
      const url = new URL(REDIS_URL ?? '');
      url.pathname = '/999';
      const error = await openError(url.toString());
      expect(error.reason).toBe('refused');
      expect(error.message).toContain('(ERR DB index is out of range)');
      expect(error.message).toContain('Check the user, password and database name in the URL');
    });

    it('a store made directly while its server is down works once the server is back', async () => {
      const target = new URL(REDIS_URL ?? '');
      const port = await freePort();
      // The server's URL (user, password, database) on a port where nothing listens yet.
      const late = new URL(target);
      late.hostname = '127.0.0.1';
      late.port = String(port);
      const keyPrefix = `plankeeper-test-late-${testTag()}:`;
      const store = new RedisPlanStore({ url: late.toString(), keyPrefix, connectTimeoutMs: 500 });
      const key = { agent: 'a', session: 's' };
      await expect(store.get(key)).rejects.toThrow(StoreUnavailableError);
      // A store given up on closes at once, not after a reconnect that never comes.
      const abandoned = new RedisPlanStore({ url: `redis://${CLOSED}`, connectTimeoutMs: 300 });
      await expect(abandoned.get(key)).rejects.toThrow(StoreUnavailableError);
      await abandoned.close();
      // The server "comes back": a forwarder to the real one on the port the store was given.
      const forwarder = createServer((socket) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        socket.pipe(upstream).pipe(socket);
        const end = () => {
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      await new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve));
      try {
        expect(await store.get(key)).toBeUndefined();
        const record = { format: 1 as const, items: [], nextId: 1, updatedAt: 1 };
        expect(await store.compareAndSet(key, 0, record)).toMatchObject({ ok: true, version: 1 });
        await store.close();
      } finally {
        await new Promise((resolve) => forwarder.close(resolve));
        // A deleted plan keeps its history: remove every key the store made.
        await removeRedisPrefix(target.toString(), keyPrefix);
      }
    });

    it('a store made directly with such a URL refuses its first write instead of using database 0', async () => {
      const url = new URL(REDIS_URL ?? '');
      url.pathname = '/999';
      const keyPrefix = `plankeeper-test-direct-${testTag()}:`;
      const store = new RedisPlanStore({ url: url.toString(), keyPrefix });
      const key = { agent: 'a', session: 's' };
      const record = { format: 1 as const, items: [], nextId: 1, updatedAt: 1 };
      await expect(store.compareAndSet(key, 0, record)).rejects.toThrow(StoreUnavailableError);
      await expect(store.get(key)).rejects.toThrow('ERR DB index is out of range');
      await store.close();
      url.pathname = '/0';
      const databaseZero = new Redis(url.toString());
      expect(await databaseZero.keys(`${keyPrefix}*`)).toEqual([]);
      await databaseZero.quit();
    });
  },
);

describe.skipIf(warnIfUnavailable(postgresBackend, 'the refusing-server checks'))(
  'PostgreSQL server that refuses the URL',
  () => {
    it('a wrong password or a missing database says so, password masked', async () => {
      const wrongPassword = new URL(DATABASE_URL ?? '');
      wrongPassword.password = 'not-the-password';
      const refused = await openError(wrongPassword.toString());
      expect(refused.reason).toBe('refused');
      expect(refused.message).toContain('password authentication failed');
      expect(refused.message).not.toContain('not-the-password');

      const missing = new URL(DATABASE_URL ?? '');
      missing.pathname = '/plankeeper_no_such_database';
      expect((await openError(missing.toString())).message).toContain(
        'database "plankeeper_no_such_database" does not exist',
      );
    });
  },
);

describe('isConnectionFailure', () => {
  const withCode = (code: string) => Object.assign(new Error(`connect ${code}`), { code });
  it('recognises network errors, ended connections and errors caused by them', () => {
    expect(isConnectionFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isConnectionFailure(withCode('ENOTFOUND'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection is closed.'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('timeout expired'))).toBe(true);
    const retries = Object.assign(new Error('Reached the max retries'), {
      name: 'MaxRetriesPerRequestError',
    });
    expect(isConnectionFailure(retries)).toBe(true);
    expect(isConnectionFailure(new Error('write failed', { cause: withCode('ECONNRESET') }))).toBe(
      true,
    );
    expect(isConnectionFailure(new AggregateError([withCode('ECONNREFUSED')], ''))).toBe(true);
  });
  it('leaves other errors alone', () => {
    expect(isConnectionFailure(new Error('syntax error at or near "SELEC"'))).toBe(false);
    expect(isConnectionFailure(withCode('EACCES'))).toBe(false);
    expect(isConnectionFailure('ECONNREFUSED')).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
