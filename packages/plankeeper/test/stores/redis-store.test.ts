/** Redis specifics beyond the contract: native expiry, the listing index, key prefixes. */
import { Redis } from 'ioredis';
import { encodePlanKey } from 'plankeeper';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureWarnings,
  planRecord,
  redisBackend,
  sleep,
  waitFor,
  warnIfUnavailable,
} from '../support/store-fixtures.js';
import { testTag } from '../support/test-run.js';

const skip = warnIfUnavailable(redisBackend, 'the Redis store tests');

describe.skipIf(skip)('RedisPlanStore', () => {
  const url = process.env.REDIS_URL!;
  const prefix = `plankeeper-test:${testTag()}:`;
  let admin: Redis;
  const key = { agent: 'a', session: 's' };
  const name = encodePlanKey(key);

  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  /** Kills the change subscription connection of the stores under `keyPrefix`. */
  async function cutSubscription(keyPrefix: string): Promise<void> {
    const clients = String(await admin.client('LIST'));
    const id = /id=(\d+) /.exec(
      clients.split('\n').find((line) => line.includes(`name=plankeeper-changes:${keyPrefix}`)) ??
        '',
    )?.[1];
    expect(id).toBeDefined();
    await admin.client('KILL', 'ID', id!);
  }

  it('expires a plan and its history with Redis TTLs, and a write without TTL persists both', async () => {
    const store = new RedisPlanStore({ url, keyPrefix: `${prefix}ttl:` });
    await store.compareAndSet(key, 0, planRecord([]), { ttlMs: 60_000 });
    const planTtl = await admin.pttl(`${prefix}ttl:plan:${name}`);
    const historyTtl = await admin.pttl(`${prefix}ttl:history:${name}`);
    expect(planTtl).toBeGreaterThan(59_000);
    expect(historyTtl).toBeGreaterThan(59_000);
    await store.compareAndSet(key, 1, planRecord([]));
    expect(await admin.pttl(`${prefix}ttl:plan:${name}`)).toBe(-1);
    expect(await admin.pttl(`${prefix}ttl:history:${name}`)).toBe(-1);
    await store.close();
  });

  it('keeps a harness state in a hash of its own, with its own Redis TTL, deleted with the plan', async () => {
    const keyPrefix = `${prefix}state:`;
    const store = new RedisPlanStore({ url, keyPrefix });
    const stateKey = `${keyPrefix}state:${name}`;
    await store.compareAndSet(key, 0, planRecord([]));
    const plan = await admin.hgetall(`${keyPrefix}plan:${name}`);
    await store.compareAndSetState(key, 0, { turn: 't1' }, { ttlMs: 60_000 });
    expect(await admin.hgetall(stateKey)).toEqual({ version: '1', state: '{"turn":"t1"}' });
    expect(await admin.pttl(stateKey)).toBeGreaterThan(59_000);
    await store.compareAndSetState(key, 1, { turn: 't2' });
    expect(await admin.pttl(stateKey)).toBe(-1);
    expect(await admin.hgetall(`${keyPrefix}plan:${name}`)).toEqual(plan);
    expect(await admin.pttl(`${keyPrefix}plan:${name}`)).toBe(-1);
    await store.delete(key);
    expect(await admin.exists(stateKey)).toBe(0);
    await store.close();
  });

  it('refuses a state write over a key of another type, changing nothing', async () => {
    const keyPrefix = `${prefix}state-type:`;
    const store = new RedisPlanStore({ url, keyPrefix });
    const stateKey = `${keyPrefix}state:${name}`;
    await admin.set(stateKey, 'not a hash');
    await expect(store.compareAndSetState(key, 0, { turn: 't1' })).rejects.toThrow(
      /holds a string, where plankeeper keeps a harness state hash/,
    );
    expect(await admin.get(stateKey)).toBe('not a hash');
    await store.close();
  });

  it('gives a plan written before epochs existed one on its next write', async () => {
    const store = new RedisPlanStore({ url, keyPrefix: `${prefix}legacy:` });
    await store.compareAndSet(key, 0, planRecord([]));
    await admin.hdel(`${prefix}legacy:plan:${name}`, 'epoch');
    expect(await store.get(key)).toEqual({ version: 1, record: planRecord([]) });
    const written = await store.compareAndSet(key, 1, planRecord([{ content: 'next' }]));
    expect(written).toEqual({ ok: true, version: 2, epoch: expect.any(String) });
    expect((await store.get(key))?.epoch).toBe(written.ok && written.epoch);
    await store.close();
  });

  it('reads back the changes published while its subscription was disconnected', async () => {
    const keyPrefix = `${prefix}catchup:`;
    const watcher = new RedisPlanStore({ url, keyPrefix });
    const writer = new RedisPlanStore({ url, keyPrefix });
    const versions: number[] = [];
    try {
      await watcher.subscribe((change) => versions.push(change.version));
      await writer.compareAndSet(key, 0, planRecord([]));
      await waitFor(() => versions.length === 1, 'the first change');
      // Cut the subscription connection; ioredis reconnects on its own a moment later.
      await cutSubscription(keyPrefix);
      await writer.compareAndSet(key, 1, planRecord([{ content: 'meanwhile' }]));
      await waitFor(() => versions.length === 2, 'the change published while disconnected', 5000);
      await writer.compareAndSet(key, 2, planRecord([{ content: 'after' }]));
      await waitFor(() => versions.length === 3, 'the change after reconnecting');
      await sleep(200);
      expect(versions).toEqual([1, 2, 3]);
      expect(await admin.xlen(`${keyPrefix}change-log`)).toBe(3);
    } finally {
      await watcher.close();
      await writer.close();
    }
  });

  it('logs and publishes plan writes only while someone subscribes', async () => {
    const keyPrefix = `${prefix}watched:`;
    const writer = new RedisPlanStore({ url, keyPrefix });
    const watcher = new RedisPlanStore({ url, keyPrefix });
    const versions: number[] = [];
    try {
      await writer.compareAndSet(key, 0, planRecord([]));
      expect(await admin.exists(`${keyPrefix}change-log`)).toBe(0);
      const unsubscribe = await watcher.subscribe((change) => versions.push(change.version));
      // Every subscriber renews the mark; it outlives a subscriber by at most ten minutes.
      const ttl = await admin.pttl(`${keyPrefix}watchers`);
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
      await writer.compareAndSet(key, 1, planRecord([{ content: 'seen' }]));
      await waitFor(() => versions.length === 1, 'the watched change');
      expect(versions).toEqual([2]);
      expect(await admin.xlen(`${keyPrefix}change-log`)).toBe(1);
      unsubscribe();
      await admin.del(`${keyPrefix}watchers`); // as if ten minutes had passed
      await writer.compareAndSet(key, 2, planRecord([]));
      expect(await admin.xlen(`${keyPrefix}change-log`)).toBe(1);
      expect((await writer.history(key)).map((revision) => revision.version)).toEqual([1, 2, 3]);
    } finally {
      await watcher.close();
      await writer.close();
    }
  });

  it('warns on reconnecting when nobody watched meanwhile, and is watched again', async () => {
    const keyPrefix = `${prefix}lapsed:`;
    const watcher = new RedisPlanStore({ url, keyPrefix });
    const writer = new RedisPlanStore({ url, keyPrefix });
    const versions: number[] = [];
    const { messages: warnings, stop: stopCapturing } = captureWarnings();
    try {
      await watcher.subscribe((change) => versions.push(change.version));
      await admin.del(`${keyPrefix}watchers`); // the mark lapsed while cut off
      await cutSubscription(keyPrefix);
      await waitFor(
        () => warnings.some((text) => text.includes('went unwatched')),
        'the warning',
        5000,
      );
      // The warning comes once the mark is set again.
      expect(await admin.exists(`${keyPrefix}watchers`)).toBe(1);
      await writer.compareAndSet(key, 0, planRecord([]));
      await waitFor(() => versions.length === 1, 'the change after reconnecting');
    } finally {
      stopCapturing();
      await watcher.close();
      await writer.close();
    }
  });

  it('still delivers a change published without a change log id (an older writer)', async () => {
    const keyPrefix = `${prefix}legacy:`;
    const watcher = new RedisPlanStore({ url, keyPrefix });
    const seen: string[] = [];
    try {
      await watcher.subscribe((change) => seen.push(`${change.key.session} v${change.version}`));
      const revision = { version: 4, at: 1000, record: planRecord([]), source: { tool: 'x' } };
      await admin.publish(`${keyPrefix}changes`, JSON.stringify({ key: 'a/old', revision }));
      await waitFor(() => seen.length === 1, 'the legacy change');
      expect(seen).toEqual(['old v4']);
    } finally {
      await watcher.close();
    }
  });

  it('bounds the revision list in Redis itself', async () => {
    const store = new RedisPlanStore({ url, keyPrefix: `${prefix}bound:`, historyLimit: 3 });
    for (let version = 0; version < 10; version++) {
      await store.compareAndSet(key, version, planRecord([]));
    }
    expect(await admin.llen(`${prefix}bound:history:${name}`)).toBe(3);
    await store.close();
  });

  it('drops index entries of expired plans when listing, and keeps live ones', async () => {
    const store = new RedisPlanStore({ url, keyPrefix: `${prefix}index:` });
    const index = `${prefix}index:plans`;
    const live = { agent: 'a', session: 'live' };
    await store.compareAndSet(key, 0, planRecord([]), { ttlMs: 100 });
    await store.compareAndSet(live, 0, planRecord([]));
    expect(await admin.zcard(index)).toBe(2);
    await sleep(200);
    expect((await store.list()).map((listing) => listing.key)).toEqual([live]);
    expect(await admin.zrange(index, 0, -1)).toEqual([encodePlanKey(live)]);
    await store.close();
  });

  it('keeps stores with different prefixes apart', async () => {
    const left = new RedisPlanStore({ url, keyPrefix: `${prefix}left:` });
    const right = new RedisPlanStore({ url, keyPrefix: `${prefix}right:` });
    await left.compareAndSet(key, 0, planRecord([{ content: 'left only' }]));
    expect(await right.get(key)).toBeUndefined();
    expect(await right.list()).toEqual([]);
    await Promise.all([left.close(), right.close()]);
  });

  it('leaves a client it was given open on close', async () => {
    const client = new Redis(url);
    const store = new RedisPlanStore({ client, keyPrefix: `${prefix}given:` });
    await store.compareAndSet(key, 0, planRecord([]));
    await store.close();
    expect(await client.ping()).toBe('PONG');
    await client.quit();
  });
  it('closes under writers still writing without a warning of a lost connection', async () => {
    const store = new RedisPlanStore({ url, keyPrefix: `${prefix}closing:` });
    const { messages: warnings, stop: stopCapturing } = captureWarnings();
    let stop = false;
    let written = 0;
    const failures: string[] = [];
    try {
      const writers = Array.from({ length: 32 }, async (_, writer) => {
        const own = { agent: 'a', session: `w${writer}` };
        for (let version = 0; !stop; version++) {
          try {
            await store.compareAndSet(own, version, planRecord([]));
            written++;
          } catch (error) {
            failures.push(String(error));
            await sleep(5);
          }
        }
      });
      await waitFor(() => written > 200, 'writes under way', 5000);
      await store.close();
      await sleep(200);
      stop = true;
      await Promise.all(writers);
      // The writes sent after close() failed; the store did not call that an outage.
      expect(failures.length).toBeGreaterThan(0);
      expect(warnings.filter((text) => text.includes('lost its connection'))).toEqual([]);
    } finally {
      stopCapturing();
    }
  });
});
