/**
 * A Redis outage under a running store, made with a TCP proxy in front of the test
 * server (the server itself is shared): no console noise from ioredis, and a command
 * ioredis gives up on reaches the caller as plankeeper's own StoreUnavailableError.
 */

import { StoreUnavailableError } from 'plankeeper/stores';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { planRecord, redisBackend, sleep, warnIfUnavailable } from '../support/store-fixtures.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { testTag } from '../support/test-run.js';
import { removeRedisPrefix } from '../support/url-namespaces.js';

const skip = warnIfUnavailable(redisBackend, 'the Redis outage test');

describe.skipIf(skip)('RedisPlanStore during an outage', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1';
  const proxy = new TcpProxy(new URL(redisUrl));
  const keyPrefix = `plankeeper-outage:${testTag()}:`;
  const stores: RedisPlanStore[] = [];
  afterAll(async () => {
    await proxy.stop();
    for (const store of stores) await store.close().catch(() => undefined);
    // The plan it wrote, straight on the server: the server as the test found it.
    await removeRedisPrefix(redisUrl, keyPrefix);
  });

  it('prints nothing through ioredis, fails a command with StoreUnavailableError, and works again after', async () => {
    await proxy.start();
    const store = new RedisPlanStore({
      url: `redis://127.0.0.1:${proxy.port}`,
      keyPrefix,
      // ioredis's defaults give up a command after 20 reconnects, about 10 s; this, sooner.
      redisOptions: { maxRetriesPerRequest: 2, retryStrategy: () => 20 },
    });
    stores.push(store);
    const key = { agent: 'outage', session: 's1' };
    await store.compareAndSet(key, 0, planRecord([{ content: 'before' }]));
    const unsubscribe = await store.subscribe(() => undefined);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await proxy.stop();
      await sleep(300); // several reconnect attempts of both connections
      const failed = await store.compareAndSet(key, 1, planRecord([])).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(StoreUnavailableError.isInstance(failed)).toBe(true);
      expect((failed as Error).message).toBe(
        `the Redis server at redis://127.0.0.1:${proxy.port} is unreachable (no answer after 2 retries), so the plan store cannot answer. Check that the server is running, then retry.`,
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(consoleError).not.toHaveBeenCalled();
      // One warning for the outage, from the store's client; none per reconnect.
      expect(warnings.filter((message) => message.includes('lost its connection'))).toHaveLength(1);

      await proxy.start();
      await vi.waitFor(async () => expect((await store.get(key))?.version).toBe(1), {
        timeout: 5000,
      });
      expect((await store.compareAndSet(key, 1, planRecord([]))).ok).toBe(true);
    } finally {
      process.off('warning', onWarning);
      consoleError.mockRestore();
      unsubscribe();
    }
  });
});
