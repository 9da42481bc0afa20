/**
 * Group commit in the real stores: writes started in the same tick share one SQLite
 * transaction or one Redis script call, a bad write fails alone, compare-and-set still
 * holds inside a batch, and a read issued after an un-awaited write sees it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, type PlanKey } from 'plankeeper';
import type { CompareAndSetResult } from 'plankeeper/stores';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { planRecord, redisBackend, warnIfUnavailable } from '../support/store-fixtures.js';
import { testTag } from '../support/test-run.js';

const anEpoch = expect.any(String);
const written = (version: number) => ({ ok: true, version, epoch: anEpoch });

function keysOf(count: number, agent = 'batch'): PlanKey[] {
  return Array.from({ length: count }, (_, index) => ({ agent, session: `s${index}` }));
}

/** One of two same-version writes must win; returns which one. */
function expectOneWinner(results: CompareAndSetResult[], currentVersion: number): number {
  expect(results.filter((result) => result.ok)).toEqual([written(currentVersion)]);
  expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, currentVersion }]);
  return results.findIndex((result) => result.ok);
}

/** history, list and delete issued right after an un-awaited write, on a fresh store each. */
function readsAfterAnUnawaitedWrite(open: () => PlanStore, key: PlanKey): void {
  it('history', async () => {
    const store = open();
    const pending = store.compareAndSet(key, 0, planRecord([]));
    expect((await store.history(key)).map((revision) => revision.version)).toEqual([1]);
    expect(await pending).toEqual(written(1));
  });

  it('list', async () => {
    const store = open();
    const pending = store.compareAndSet(key, 0, planRecord([]));
    expect((await store.list()).map(({ key, version }) => ({ key, version }))).toEqual([
      { key, version: 1 },
    ]);
    expect(await pending).toEqual(written(1));
  });

  it('delete', async () => {
    const store = open();
    const pending = store.compareAndSet(key, 0, planRecord([]));
    expect(await store.delete(key)).toBe(true);
    expect(await pending).toEqual(written(1));
    expect(await store.get(key)).toBeUndefined();
  });
}

describe('SqlitePlanStore batched writes', () => {
  const directory = mkdtempSync(join(tmpdir(), 'plankeeper-batched-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  let files = 0;
  const opened: SqlitePlanStore[] = [];
  function open(options: { busyTimeoutMs?: number } = {}): SqlitePlanStore {
    const store = new SqlitePlanStore({ path: join(directory, `store-${++files}.db`), ...options });
    opened.push(store);
    return store;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  /** Counts BEGIN IMMEDIATE transactions: the old code ran one per write. */
  function spyTransactions(store: SqlitePlanStore) {
    return vi.spyOn(
      store as unknown as { inWriteTransaction: (work: () => unknown) => unknown },
      'inWriteTransaction',
    );
  }

  it('commits 32 writes to 32 plans started in the same tick in one transaction', async () => {
    const store = open();
    const keys = keysOf(32);
    const transactions = spyTransactions(store);
    const results = await Promise.all(
      keys.map((key, index) => store.compareAndSet(key, 0, planRecord([{ content: `p${index}` }]))),
    );
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(results).toEqual(keys.map(() => written(1)));
    for (const [index, key] of keys.entries()) {
      const plan = await store.get(key);
      expect(plan?.version).toBe(1);
      expect(plan?.record.items[0]?.content).toBe(`p${index}`);
    }
    expect(await store.list({ agent: 'batch' })).toHaveLength(32);
  });

  it.each([
    { case: 'creating', expected: 0 },
    { case: 'updating', expected: 1 },
  ])(
    'lets exactly one of two same-version writes to one plan in a batch win when $case it',
    async ({ expected }) => {
      const store = open();
      const key = { agent: 'a', session: 'race' };
      for (let version = 0; version < expected; version++) {
        await store.compareAndSet(key, version, planRecord([{ content: 'before' }]));
      }
      const records = [planRecord([{ content: 'left' }]), planRecord([{ content: 'right' }])];
      const transactions = spyTransactions(store);
      const results = await Promise.all(
        records.map((record) => store.compareAndSet(key, expected, record)),
      );
      expect(transactions).toHaveBeenCalledTimes(1); // both went through the same batch
      const winner = records[expectOneWinner(results, expected + 1)];
      expect((await store.get(key))?.record).toEqual(winner);
      const history = await store.history(key);
      expect(history.map((revision) => revision.version)).toEqual(
        Array.from({ length: expected + 1 }, (_, index) => index + 1),
      );
      expect(history.at(-1)?.record).toEqual(winner);
    },
  );

  it('fails a bad write of a batch alone and leaves its plan as it was', async () => {
    const store = open();
    const bad = { agent: 'batch', session: 'bad' };
    const existing = { agent: 'batch', session: 'existing' };
    await store.compareAndSet(bad, 0, planRecord([{ content: 'bad before' }]));
    await store.compareAndSet(existing, 0, planRecord([{ content: 'existing before' }]));
    const before = await store.get(bad);
    const historyBefore = await store.history(bad);
    const name = encodePlanKey(bad).replaceAll("'", "''");
    for (const event of ['INSERT', 'UPDATE']) {
      store.db.exec(
        `CREATE TEMP TRIGGER fail_${event} BEFORE ${event} ON plankeeper_revisions
         WHEN NEW.key = '${name}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
      );
    }
    const fresh = keysOf(2, 'fresh');
    const settled = await Promise.allSettled([
      store.compareAndSet(fresh[0]!, 0, planRecord([{ content: 'fresh 0' }])),
      store.compareAndSet(bad, 1, planRecord([{ content: 'bad after' }])),
      store.compareAndSet(existing, 1, planRecord([{ content: 'existing after' }])),
      store.compareAndSet(fresh[1]!, 0, planRecord([{ content: 'fresh 1' }])),
    ]);
    expect(settled[1]).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringContaining('injected failure') }),
    });
    expect([settled[0], settled[2], settled[3]]).toEqual([
      { status: 'fulfilled', value: written(1) },
      { status: 'fulfilled', value: written(2) },
      { status: 'fulfilled', value: written(1) },
    ]);
    expect(await store.get(bad)).toEqual(before);
    expect(await store.history(bad)).toEqual(historyBefore);
    expect((await store.get(existing))?.record.items[0]?.content).toBe('existing after');
    expect((await store.get(fresh[1]!))?.record.items[0]?.content).toBe('fresh 1');
    // The plan row was rolled back with its revision: version 1 is still the one to expect.
    store.db.exec('DROP TRIGGER fail_INSERT; DROP TRIGGER fail_UPDATE');
    expect(await store.compareAndSet(bad, 1, planRecord([]))).toEqual(written(2));
  });

  it('fails a whole batch with one error, without retrying each write, when the database is busy', async () => {
    const store = open({ busyTimeoutMs: 50 });
    const blocker = new Database(store.path);
    blocker.exec('BEGIN IMMEDIATE');
    try {
      const transactions = spyTransactions(store);
      const settled = await Promise.allSettled(
        keysOf(3).map((key) => store.compareAndSet(key, 0, planRecord([]))),
      );
      expect(transactions).toHaveBeenCalledTimes(1);
      const reasons = settled.map((result) => (result as PromiseRejectedResult).reason);
      expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(reasons[0]).toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
      expect(reasons[1]).toBe(reasons[0]);
      expect(reasons[2]).toBe(reasons[0]);
    } finally {
      blocker.exec('ROLLBACK');
      blocker.close();
    }
    expect(await store.list()).toEqual([]);
  });

  describe('a call issued right after an un-awaited write sees it', () => {
    const key = { agent: 'a', session: 'order' };

    it('get', async () => {
      const store = open();
      const first = store.compareAndSet(key, 0, planRecord([{ content: 'one' }]));
      const second = store.compareAndSet(key, 1, planRecord([{ content: 'two' }]));
      const seen = await store.get(key);
      expect(seen?.version).toBe(2);
      expect(seen?.record.items[0]?.content).toBe('two');
      expect(await first).toEqual(written(1));
      expect(await second).toEqual(written(2));
    });

    readsAfterAnUnawaitedWrite(open, key);

    it('close', async () => {
      const store = open();
      const pending = store.compareAndSet(key, 0, planRecord([]));
      await store.close();
      expect(await pending).toEqual(written(1));
      const reopened = new SqlitePlanStore({ path: store.path });
      opened.push(reopened);
      expect((await reopened.get(key))?.version).toBe(1);
    });
  });
});

const skipRedis = warnIfUnavailable(redisBackend, 'the Redis batched-write tests');

describe.skipIf(skipRedis)('RedisPlanStore batched writes', () => {
  const url = process.env.REDIS_URL!;
  const prefix = `plankeeper-test:${testTag()}:batched:`;
  let admin: Redis;
  let stores = 0;
  const opened: RedisPlanStore[] = [];
  function open(keyPrefix = `${prefix}${++stores}:`): RedisPlanStore {
    const store = new RedisPlanStore({ url, keyPrefix });
    opened.push(store);
    return store;
  }

  beforeAll(() => {
    admin = new Redis(url);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  /** Counts script calls; a batch is one EVALSHA (plus an EVAL after a NOSCRIPT). */
  function spyScriptCalls(store: RedisPlanStore) {
    return { evalsha: vi.spyOn(store.client, 'evalsha'), eval: vi.spyOn(store.client, 'eval') };
  }
  /** Writes in each script call: KEYS are the index, the change log, the watchers key, then two per write. */
  const writesPerCall = (calls: unknown[][]) => calls.map((call) => (Number(call[1]) - 3) / 2);

  it('sends 20 writes to 20 plans started in the same tick as 2 script calls of 10', async () => {
    const store = open();
    // Loads the script and checks the connection, so the calls below are EVALSHA only.
    await store.compareAndSet({ agent: 'warm', session: 'up' }, 0, planRecord([]));
    const calls = spyScriptCalls(store);
    const keys = keysOf(20);
    const results = await Promise.all(
      keys.map((key, index) => store.compareAndSet(key, 0, planRecord([{ content: `p${index}` }]))),
    );
    expect(calls.evalsha).toHaveBeenCalledTimes(2);
    expect(calls.eval).not.toHaveBeenCalled();
    expect(writesPerCall(calls.evalsha.mock.calls)).toEqual([10, 10]);
    expect(results).toEqual(keys.map(() => written(1)));
    for (const [index, key] of keys.entries()) {
      const plan = await store.get(key);
      expect(plan?.version).toBe(1);
      expect(plan?.record.items[0]?.content).toBe(`p${index}`);
    }
  });

  it('fails a write whose history key is not a list alone, naming its plan, and leaves its plan as it was', async () => {
    const store = open();
    const historyKey = (key: PlanKey) => `${store.keyPrefix}history:${encodePlanKey(key)}`;
    const badNew = { agent: 'batch', session: 'bad-new' };
    const badOld = { agent: 'batch', session: 'bad-old' };
    // Watched, so every write that lands is also logged (checked at the end).
    const unsubscribe = await store.subscribe(() => undefined);
    await store.compareAndSet(badOld, 0, planRecord([{ content: 'old before' }]));
    const before = await store.get(badOld);
    await store.client.set(historyKey(badNew), 'not a list');
    await store.client.set(historyKey(badOld), 'not a list');
    const fresh = keysOf(2, 'fresh');
    const calls = spyScriptCalls(store);
    const settled = await Promise.allSettled([
      store.compareAndSet(fresh[0]!, 0, planRecord([{ content: 'fresh 0' }])),
      store.compareAndSet(badNew, 0, planRecord([{ content: 'new after' }])),
      store.compareAndSet(fresh[1]!, 0, planRecord([{ content: 'fresh 1' }])),
      store.compareAndSet(badOld, 1, planRecord([{ content: 'old after' }])),
    ]);
    // Spread over two calls, each with a good write and a bad one.
    expect(writesPerCall(calls.evalsha.mock.calls)).toEqual([2, 2]);
    for (const [index, key] of [
      [1, badNew],
      [3, badOld],
    ] as const) {
      const result = settled[index]!;
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(Error);
      expect(reason.message).toContain(encodePlanKey(key));
      expect(reason.message).toContain('WRONGTYPE');
    }
    expect([settled[0], settled[2]]).toEqual([
      { status: 'fulfilled', value: written(1) },
      { status: 'fulfilled', value: written(1) },
    ]);
    expect((await store.get(fresh[1]!))?.record.items[0]?.content).toBe('fresh 1');
    expect(await store.get(badNew)).toBeUndefined();
    expect(await admin.exists(store.planKeyOf(badNew))).toBe(0);
    expect(await store.get(badOld)).toEqual(before);
    expect(await admin.get(historyKey(badOld))).toBe('not a list');
    expect((await store.list()).map((listing) => listing.key.session).sort()).toEqual([
      'bad-old',
      's0',
      's1',
    ]);
    // One change message per write that landed: the first badOld write and the two fresh plans.
    expect(await admin.xlen(`${store.keyPrefix}change-log`)).toBe(3);
    unsubscribe();
  });

  it.each([
    ['change log', 'change-log'],
    ['index', 'plans'],
  ])(
    'fails the whole call, writing nothing, when its %s key holds another type',
    async (_, name) => {
      const store = open();
      const existing = { agent: 'a', session: 'existing' };
      await store.compareAndSet(existing, 0, planRecord([{ content: 'before' }]));
      const before = await store.get(existing);
      await admin.del(`${store.keyPrefix}${name}`);
      await admin.set(`${store.keyPrefix}${name}`, 'not ours');
      const fresh = { agent: 'a', session: 'fresh' };
      const settled = await Promise.allSettled([
        store.compareAndSet(existing, 1, planRecord([{ content: 'after' }])),
        store.compareAndSet(fresh, 0, planRecord([{ content: 'new' }])),
      ]);
      for (const result of settled) {
        expect(result.status).toBe('rejected');
        const { message } = (result as PromiseRejectedResult).reason as Error;
        expect(message).toContain(`WRONGTYPE ${store.keyPrefix}${name} holds a string`);
        expect(message).toContain('delete it or use another key prefix');
      }
      expect(await store.get(existing)).toEqual(before);
      expect((await store.history(existing)).map((revision) => revision.version)).toEqual([1]);
      expect(await admin.exists(store.planKeyOf(fresh))).toBe(0);
    },
  );

  it('close() lets a write started before it on a fresh store land', async () => {
    const store = open();
    const key = { agent: 'a', session: 'closing' };
    const pending = store.compareAndSet(key, 0, planRecord([{ content: 'last words' }]));
    await store.close();
    expect(await pending).toEqual(written(1));
    const reader = open(store.keyPrefix);
    expect((await reader.get(key))?.record.items[0]?.content).toBe('last words');
  });

  it('lets exactly one of two same-version writes to one plan in a batch win', async () => {
    const store = open();
    const key = { agent: 'a', session: 'race' };
    await store.compareAndSet(key, 0, planRecord([{ content: 'before' }]));
    const records = [planRecord([{ content: 'left' }]), planRecord([{ content: 'right' }])];
    const calls = spyScriptCalls(store);
    // Two more writes, so the tick's four are spread over two calls and the race is in one.
    const [results] = await Promise.all([
      Promise.all(records.map((record) => store.compareAndSet(key, 1, record))),
      ...keysOf(2, 'filler').map((other) => store.compareAndSet(other, 0, planRecord([]))),
    ]);
    expect(writesPerCall(calls.evalsha.mock.calls)).toEqual([2, 2]);
    const winner = records[expectOneWinner(results, 2)];
    expect((await store.get(key))?.record).toEqual(winner);
    const history = await store.history(key);
    expect(history.map((revision) => revision.version)).toEqual([1, 2]);
    expect(history.at(-1)?.record).toEqual(winner);
  });

  // Fresh stores: their first write waits for the connection check, and only the flush in
  // the read keeps the read from being sent ahead of it.
  describe('a call issued right after an un-awaited write sees it', () => {
    const key = { agent: 'a', session: 'order' };

    it('get', async () => {
      const store = open();
      const pending = store.compareAndSet(key, 0, planRecord([{ content: 'one' }]));
      const seen = await store.get(key);
      expect(seen?.version).toBe(1);
      expect(seen?.record.items[0]?.content).toBe('one');
      expect(await pending).toEqual(written(1));
    });

    readsAfterAnUnawaitedWrite(open, key);
  });
});
