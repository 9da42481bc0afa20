import { describe, expect, it } from 'vitest';
import { ConfigurationError, PlanConflictError } from './errors.js';
import { PlanEngine } from './plan-engine.js';
import { subAgentKey } from './plan-key.js';
import { MemoryPlanStore } from './store/memory-store.js';
import type { PlanStore } from './store/plan-store.js';

const key = { agent: 'research', session: 's1' };

describe('PlanEngine', () => {
  it('concurrent adds from many async callers produce unique ids 1..N and lose nothing', async () => {
    const engine = new PlanEngine({ limits: { maxItems: 500 } });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) => engine.add(key, [{ content: `item ${index}` }])),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const items = (await engine.snapshot(key)).items;
    expect(items.map((item) => Number(item.id)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    expect(new Set(items.map((item) => item.content)).size).toBe(200);
  });

  it('concurrent adds through separate engines on one store stay unique (compare-and-set retries)', async () => {
    const store = new MemoryPlanStore();
    const engines = Array.from(
      { length: 4 },
      () => new PlanEngine({ store, limits: { maxItems: 500 } }),
    );
    await Promise.all(
      Array.from({ length: 120 }, (_, index) =>
        engines[index % 4]!.add(key, [{ content: `item ${index}` }]),
      ),
    );
    const ids = (await engines[0]!.snapshot(key)).items.map((item) => Number(item.id));
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
  });

  it('mixed concurrent writes and completions never lose an update', async () => {
    const engine = new PlanEngine({ limits: { maxItems: 100 } });
    await engine.add(
      key,
      Array.from({ length: 50 }, (_, index) => ({ content: `step ${index}` })),
    );
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        engine.complete(key, [{ id: index + 1, reason: `r${index}` }]),
      ),
    );
    const items = (await engine.snapshot(key)).items;
    expect(
      items.every((item) => item.status === 'completed' && item.note === `r${Number(item.id) - 1}`),
    ).toBe(true);
  });

  it('gives up with a typed error when the store never accepts a write', async () => {
    const store = new MemoryPlanStore();
    const stubborn: PlanStore = Object.assign(Object.create(store), {
      compareAndSet: async () => ({ ok: false as const, currentVersion: 99 }),
    });
    const engine = new PlanEngine({ store: stubborn, maxAttempts: 3 });
    await expect(engine.add(key, [{ content: 'x' }])).rejects.toBeInstanceOf(PlanConflictError);
  });

  it('snapshots are copies: mutating one changes nothing stored', async () => {
    const engine = new PlanEngine();
    await engine.add(key, [{ content: 'original' }]);
    const snapshot = await engine.snapshot(key);
    snapshot.items[0]!.content = 'mutated';
    snapshot.items[0]!.status = 'completed';
    snapshot.items.push({ id: '9', content: 'injected', status: 'pending' });
    const remaining = await engine.remaining(key);
    remaining[0]!.content = 'mutated too';
    expect((await engine.snapshot(key)).items).toEqual([
      { id: '1', content: 'original', status: 'pending' },
    ]);
  });

  it('outcomes carry copies too', async () => {
    const engine = new PlanEngine();
    const outcome = await engine.add(key, [{ content: 'original' }]);
    if (!outcome.ok) throw new Error('add failed');
    outcome.snapshot.items[0]!.content = 'mutated';
    outcome.facts.added[0]!.content = 'mutated';
    expect((await engine.snapshot(key)).items[0]?.content).toBe('original');
  });

  it('remaining lists pending and in-progress items only', async () => {
    const engine = new PlanEngine();
    await engine.write(key, [
      { content: 'a', status: 'completed' },
      { content: 'b', status: 'in_progress' },
      { content: 'c', status: 'cancelled' },
      { content: 'd', status: 'pending' },
    ]);
    expect((await engine.remaining(key)).map((item) => item.content)).toEqual(['b', 'd']);
  });

  it('a child scope is a separate plan; clearScope clears it and its descendants only', async () => {
    const engine = new PlanEngine();
    const child = subAgentKey(key, 'sub-agent-1');
    const grandchild = subAgentKey(child, 'helper');
    const sibling = { ...key, session: 's2' };
    await engine.add(key, [{ content: 'parent step' }]);
    await engine.add(child, [{ content: 'child step' }]);
    await engine.add(grandchild, [{ content: 'grandchild step' }]);
    await engine.add(sibling, [{ content: 'other session' }]);
    expect((await engine.snapshot(child)).items.map((item) => [item.id, item.content])).toEqual([
      ['1', 'child step'],
    ]);
    expect(await engine.clearScope(child)).toBe(2);
    expect((await engine.snapshot(child)).items).toEqual([]);
    expect((await engine.snapshot(grandchild)).items).toEqual([]);
    expect((await engine.snapshot(key)).items).toHaveLength(1);
    expect((await engine.snapshot(sibling)).items).toHaveLength(1);
  });

  it('clear deletes one plan', async () => {
    const engine = new PlanEngine();
    await engine.add(key, [{ content: 'x' }]);
    expect(await engine.clear(key)).toBe(true);
    expect(await engine.clear(key)).toBe(false);
    expect((await engine.snapshot(key)).version).toBe(0);
  });

  it('a plan expires after its TTL without writes, and each write restarts the clock', async () => {
    let now = 1_000;
    const store = new MemoryPlanStore({ now: () => now });
    const engine = new PlanEngine({ store, ttlMs: 100, now: () => now });
    await engine.add(key, [{ content: 'x' }]);
    now += 90;
    await engine.add(key, [{ content: 'y' }]);
    now += 90;
    expect((await engine.snapshot(key)).items).toHaveLength(2);
    now += 11;
    expect((await engine.snapshot(key)).items).toEqual([]);
  });

  it('records the tool call and turn of every write in the history', async () => {
    const engine = new PlanEngine();
    await engine.add(key, [{ content: 'x' }], { callId: 'call_1', turn: 't1' });
    await engine.complete(key, [{ id: 1, reason: 'done' }], { callId: 'call_2', turn: 't1' });
    const history = await engine.history(key);
    expect(
      history.map((revision) => [revision.version, revision.source.tool, revision.source.callId]),
    ).toEqual([
      [1, 'todos_add', 'call_1'],
      [2, 'todos_complete', 'call_2'],
    ]);
    expect(history[1]?.source.summary).toBe('completed #1: "done"');
    expect((await engine.snapshot(key)).turn).toBe('t1');
  });

  it('a dry run reports the outcome against the stored plan and writes nothing', async () => {
    const engine = new PlanEngine();
    await engine.add(key, [{ content: 'x' }]);
    const before = { plan: await engine.store.get(key), history: await engine.history(key) };
    const accepted = await engine.add(key, [{ content: 'y' }], { dryRun: true });
    expect(accepted.ok && accepted.snapshot.items.map((item) => item.id)).toEqual(['1', '2']);
    const refused = await engine.complete(key, [{ id: 5, reason: 'r' }], { dryRun: true });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.issues.map((issue) => issue.code)).toEqual(['unknown_id']);
    expect({ plan: await engine.store.get(key), history: await engine.history(key) }).toEqual(
      before,
    );
  });

  describe('turn state', () => {
    /** Adds one to the counter, as a hook process would count a tool round. */
    const increment =
      (calls: { count: number }) => (current: Record<string, unknown> | undefined) => {
        calls.count++;
        return { ...current, rounds: ((current?.rounds as number | undefined) ?? 0) + 1 };
      };

    it('loses no update when two engines over one store increment a counter 50 times each', async () => {
      const store = new MemoryPlanStore();
      const engines = [new PlanEngine({ store }), new PlanEngine({ store })];
      const calls = { count: 0 };
      await Promise.all(
        engines.map(async (engine) => {
          for (let round = 0; round < 50; round++)
            await engine.updateTurnState(key, increment(calls));
        }),
      );
      expect(await engines[0]!.turnState(key)).toEqual({ version: 100, state: { rounds: 100 } });
      // The two raced: some updates were refused and ran again on the other's state.
      expect(calls.count).toBeGreaterThan(100);
    });

    it('loses no update from concurrent callers of one engine', async () => {
      const engine = new PlanEngine();
      const calls = { count: 0 };
      await Promise.all(
        Array.from({ length: 40 }, () => engine.updateTurnState(key, increment(calls))),
      );
      expect(await engine.turnState(key)).toEqual({ version: 40, state: { rounds: 40 } });
    });

    it('resolves to the state now stored, and writes nothing when the update returns undefined', async () => {
      const engine = new PlanEngine();
      expect(await engine.turnState(key)).toBeUndefined();
      expect(await engine.updateTurnState(key, () => undefined)).toBeUndefined();
      expect(await engine.turnState(key)).toBeUndefined();
      expect(await engine.updateTurnState(key, () => ({ turn: 't1', bounced: false }))).toEqual({
        version: 1,
        state: { turn: 't1', bounced: false },
      });
      // The bounce is spent once per turn: the second caller sees it spent and writes nothing.
      const spend = (current: Record<string, unknown> | undefined) =>
        current?.bounced ? undefined : { ...current, bounced: true };
      expect(await engine.updateTurnState(key, spend)).toEqual({
        version: 2,
        state: { turn: 't1', bounced: true },
      });
      expect(await engine.updateTurnState(key, spend)).toEqual({
        version: 2,
        state: { turn: 't1', bounced: true },
      });
      // The plan is untouched by all of it.
      expect((await engine.snapshot(key)).version).toBe(0);
    });

    it("writes with the engine's TTL", async () => {
      let now = 1_000;
      const engine = new PlanEngine({ store: new MemoryPlanStore({ now: () => now }), ttlMs: 100 });
      await engine.updateTurnState(key, () => ({ turn: 't1' }));
      now += 99;
      expect((await engine.turnState(key))?.version).toBe(1);
      now += 1;
      expect(await engine.turnState(key)).toBeUndefined();
    });

    it('gives up with PlanConflictError when the store never accepts a state write', async () => {
      const store = new MemoryPlanStore();
      const stubborn: PlanStore = Object.assign(Object.create(store), {
        compareAndSetState: async () => ({ ok: false as const, currentVersion: 99 }),
      });
      const engine = new PlanEngine({ store: stubborn, maxAttempts: 3 });
      const calls = { count: 0 };
      await expect(engine.updateTurnState(key, increment(calls))).rejects.toBeInstanceOf(
        PlanConflictError,
      );
      expect(calls.count).toBe(3);
    });

    it('rejects with a ConfigurationError when the store keeps no harness state', async () => {
      const store = new MemoryPlanStore();
      const plain: PlanStore = Object.assign(Object.create(store), {
        getState: undefined,
        compareAndSetState: undefined,
      });
      const engine = new PlanEngine({ store: plain });
      await expect(engine.turnState(key)).rejects.toBeInstanceOf(ConfigurationError);
      await expect(engine.updateTurnState(key, () => ({}))).rejects.toBeInstanceOf(
        ConfigurationError,
      );
    });
  });

  it('refuses U+0000 and lone surrogates in any text field as issues, writing nothing', async () => {
    const engine = new PlanEngine();
    await engine.add(key, [{ content: 'Check the logs' }]);
    const added = await engine.add(key, [
      { content: 'nul\u0000' },
      { content: 'fine', description: 'cut \ud83e', activeForm: '\udc00' },
    ]);
    const written = await engine.write(key, [
      { content: 'Check the logs', status: 'completed', note: 'ok\u0000' },
    ]);
    const completed = await engine.complete(key, [{ id: 1, reason: 'seen \udfff' }]);
    const issues = [added, written, completed].map((outcome) =>
      outcome.ok ? [] : outcome.issues.map((issue) => issue.code === 'bad_character' && issue),
    );
    expect(issues).toEqual([
      [
        { code: 'bad_character', path: ['todos', 0, 'content'], character: 'nul' },
        { code: 'bad_character', path: ['todos', 1, 'description'], character: 'lone_surrogate' },
        { code: 'bad_character', path: ['todos', 1, 'activeForm'], character: 'lone_surrogate' },
      ],
      [{ code: 'bad_character', path: ['todos', 0, 'note'], character: 'nul' }],
      [{ code: 'bad_character', path: ['items', 0, 'reason'], character: 'lone_surrogate' }],
    ]);
    expect((await engine.snapshot(key)).version).toBe(1);
    // Whole astral characters are text like any other.
    expect((await engine.add(key, [{ content: 'Ship it 🚀' }])).ok).toBe(true);
  });

  it('writes nothing for an operation that changes nothing, in the same turn', async () => {
    const store = new MemoryPlanStore();
    const heard: number[] = [];
    await store.subscribe((change) => heard.push(change.version));
    const engine = new PlanEngine({ store, recentPlans: 10 });
    const list = [{ content: 'Only step', status: 'in_progress' as const }];
    await engine.write(key, list, { turn: 't1' });
    const first = await engine.snapshot(key);
    expect((await engine.write(key, list, { turn: 't1' })).snapshot).toEqual(first);
    await engine.write(key, [{ ...list[0]!, status: 'completed', note: 'done' }], { turn: 't1' });
    expect((await engine.complete(key, [{ id: 1, reason: 'again' }], { turn: 't1' })).ok).toBe(
      true,
    );
    expect(heard).toEqual([1, 2]);
    expect((await engine.history(key)).length).toBe(2);
  });

  it('rejects bad limits at construction', () => {
    expect(() => new PlanEngine({ limits: { maxItems: 0 } })).toThrow(
      /maxItems must be a positive integer/,
    );
  });
});
