/**
 * The engine's held plans (RecentPlans): an operation on a plan the engine just read or
 * wrote skips its read, and is still never decided on a stale plan.
 */
import { describe, expect, it } from 'vitest';
import { PlanEngine } from './plan-engine.js';
import { MemoryPlanStore } from './store/memory-store.js';
import type { PlanStore } from './store/plan-store.js';

const key = { agent: 'research', session: 's1' };

/** A memory store that counts its reads and writes. */
function countingStore(options: { withoutEpochs?: boolean } = {}) {
  const store = new MemoryPlanStore();
  const counts = { get: 0, compareAndSet: 0 };
  const counted: PlanStore = Object.assign(Object.create(store), {
    get: async (...args: Parameters<PlanStore['get']>) => {
      counts.get++;
      const plan = await store.get(...args);
      if (plan && options.withoutEpochs) delete plan.epoch;
      return plan;
    },
    compareAndSet: async (...args: Parameters<PlanStore['compareAndSet']>) => {
      counts.compareAndSet++;
      const result = await store.compareAndSet(...args);
      if (result.ok && options.withoutEpochs) delete result.epoch;
      return result;
    },
  });
  return { store: counted, counts };
}

const contents = (items: { content: string }[]) => items.map((item) => item.content);

describe('PlanEngine with held plans', () => {
  it('writes a plan it already holds without reading it again', async () => {
    const { store, counts } = countingStore();
    const engine = new PlanEngine({ store, recentPlans: 100 });
    await engine.add(key, [{ content: 'a' }]);
    await engine.snapshot(key);
    counts.get = 0;
    await engine.complete(key, [{ id: 1, reason: 'done' }]);
    await engine.add(key, [{ content: 'b' }]);
    expect(counts).toEqual({ get: 0, compareAndSet: 3 });
  });

  it('notes a new turn on a held plan with one write and no read', async () => {
    const { store, counts } = countingStore();
    const engine = new PlanEngine({ store, recentPlans: 100 });
    await engine.add(key, [{ content: 'a' }], { turn: 't1' });
    counts.get = 0;
    counts.compareAndSet = 0;
    await engine.noteTurn(key, 't2');
    expect(counts).toEqual({ get: 0, compareAndSet: 1 });
    expect((await store.get(key))?.record.activeTurn).toBe('t2');
  });

  it('reads before every write when told to hold nothing, when the store has no epochs, or with a plain memory store', async () => {
    for (const [options, store] of [
      [{ recentPlans: 0 }, countingStore()],
      [{ recentPlans: 100 }, countingStore({ withoutEpochs: true })],
      [{}, countingStore()],
    ] as const) {
      const engine = new PlanEngine({ store: store.store, ...options });
      await engine.add(key, [{ content: 'a' }]);
      await engine.add(key, [{ content: 'b' }]);
      expect(store.counts.get).toBe(2);
    }
  });

  it('applies an operation on top of another engine’s write made since (no lost update)', async () => {
    const { store, counts } = countingStore();
    const mine = new PlanEngine({ store, recentPlans: 100 });
    const theirs = new PlanEngine({ store, recentPlans: 100 });
    await mine.add(key, [{ content: 'mine 1' }]);
    await theirs.add(key, [{ content: 'theirs' }]);
    counts.get = 0;
    const outcome = await mine.add(key, [{ content: 'mine 2' }]);
    expect(outcome.ok && outcome.snapshot.version).toBe(3);
    expect(contents((await theirs.snapshot(key)).items)).toEqual(['mine 1', 'theirs', 'mine 2']);
    expect(counts.get).toBe(2); // the refused attempt's fresh read, then theirs.snapshot
  });

  it('does not write over a plan deleted and created again at the same version', async () => {
    const store = new MemoryPlanStore();
    const mine = new PlanEngine({ store, recentPlans: 100 });
    const theirs = new PlanEngine({ store, recentPlans: 100 });
    await mine.add(key, [{ content: 'old life' }]);
    await theirs.clear(key);
    await theirs.add(key, [{ content: 'new life' }]);
    expect((await store.get(key))?.version).toBe(1); // the version mine holds, too
    await mine.add(key, [{ content: 'added after' }]);
    expect(contents((await theirs.snapshot(key)).items)).toEqual(['new life', 'added after']);
  });

  it('does not write over a held plan that has expired: the operation starts a new plan', async () => {
    let clock = 0;
    const store = new MemoryPlanStore({ now: () => clock });
    const engine = new PlanEngine({ store, ttlMs: 1000, recentPlans: 100, now: () => clock });
    await engine.add(key, [{ content: 'forgotten' }]);
    clock = 5000;
    const outcome = await engine.add(key, [{ content: 'fresh' }]);
    expect(outcome.ok && outcome.snapshot.version).toBe(1);
    expect((await store.get(key))?.record.items).toEqual([
      { id: '1', content: 'fresh', status: 'pending' },
    ]);
  });

  it('decides a rejection on a fresh read, not on the held plan', async () => {
    const store = new MemoryPlanStore();
    const mine = new PlanEngine({ store, recentPlans: 100 });
    const theirs = new PlanEngine({ store, recentPlans: 100 });
    await mine.add(key, [{ content: 'first' }]);
    await theirs.add(key, [{ content: 'second' }]);
    // Item 2 is unknown to the plan mine holds; the stored plan has it.
    const outcome = await mine.complete(key, [{ id: 2, reason: 'done' }]);
    expect(outcome.ok).toBe(true);
    expect((await store.get(key))?.record.items[1]).toMatchObject({ status: 'completed' });
  });

  it('holds its own copy: changing an outcome or snapshot does not reach the next write', async () => {
    const engine = new PlanEngine({ recentPlans: 100 });
    const outcome = await engine.add(key, [{ content: 'original' }]);
    if (!outcome.ok) throw new Error('add failed');
    outcome.snapshot.items[0]!.content = 'mutated';
    outcome.snapshot.items.push({ id: '9', content: 'injected', status: 'pending' });
    await engine.add(key, [{ content: 'next' }]);
    const snapshot = await engine.snapshot(key);
    snapshot.items[0]!.content = 'mutated again';
    await engine.complete(key, [{ id: 2, reason: 'ok' }]);
    expect(contents((await engine.snapshot(key)).items)).toEqual(['original', 'next']);
  });
});
