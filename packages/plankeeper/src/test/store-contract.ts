/**
 * The store contract (see `PlanStore`), as a vitest suite any store can run. A store that
 * passes it can back the engine; a store that fails it loses or corrupts plans somewhere.
 * Call it inside your own `describe`, with a function that opens a fresh store over one
 * shared backing database (the suite opens several at once to test what they share).
 *
 * The harness state tests (`getState` / `compareAndSetState`, optional in the contract)
 * run when the store has both methods. A store without them has those tests reported as
 * skipped, with the reason, and never passing; set `harnessState: true` to make a missing
 * method fail them instead.
 *
 * @example
 * import { describe } from 'vitest';
 * import { storeContract } from 'plankeeper/test/store-contract';
 * describe('my store', () => storeContract({ open: () => MyStore.connect(url) }));
 */
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { ConfigurationError, PlanRecordError } from '../engine/errors.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { PlanChange, PlanStore } from '../engine/store/plan-store.js';
import { planRecord, sleep, waitFor } from './store-test-helpers.js';

export interface StoreContractTarget {
  /** A new store over the shared backing data; `historyLimit` when the suite asks for one. */
  open(options?: { historyLimit?: number }): Promise<PlanStore>;
  /** Whether two stores from `open` see each other's writes (a database, not memory). */
  shared?: boolean;
  /**
   * Overwrites the stored record of `key` with one of an unknown format version (99) or
   * with undecodable data. Stores that keep objects rather than encoded records have
   * nothing to corrupt and leave it out; the unreadable-record tests then do not run.
   */
  plant?(key: PlanKey, bad: 'future-format' | 'garbage'): Promise<void>;
  /**
   * True when the store must keep harness state: the harness state tests then fail for a
   * store without `getState` and `compareAndSetState` instead of being skipped.
   */
  harnessState?: boolean;
}

/** A store with the optional harness state methods. */
type StateStore = PlanStore & Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>>;

/** Every store here keeps epochs (see the store contract). */
const anEpoch = expect.any(String);

let keyCounter = 0;
const byScopeDepth = (a: PlanKey, b: PlanKey) => (a.scope?.length ?? 0) - (b.scope?.length ?? 0);

/** A key no other test touches: its own agent, so filters see only this test's plans. */
function freshKey(session = 's1', scope?: string[]): PlanKey {
  const agent = `agent-${++keyCounter}-${Math.random().toString(36).slice(2, 6)}`;
  return scope ? { agent, session, scope } : { agent, session };
}

/** Defines the contract's tests for `target`; closes every store it opened after each test. */
export function storeContract(target: StoreContractTarget): void {
  const opened: PlanStore[] = [];

  async function open(options?: { historyLimit?: number }): Promise<PlanStore> {
    const store = await target.open(options);
    opened.push(store);
    return store;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  let warnedNoState = false;
  /** A store for a harness state test; skips the test, saying why, when the store keeps none. */
  async function openStateStore(context: TestContext): Promise<StateStore> {
    const store = await open();
    const methods = [store.getState, store.compareAndSetState].filter(
      (method) => typeof method === 'function',
    ).length;
    if (methods === 1) {
      throw new Error(
        'The store has only one of getState and compareAndSetState; the contract asks for both or neither.',
      );
    }
    if (methods === 0) {
      if (target.harnessState) {
        throw new Error(
          'The store has no getState and compareAndSetState, but the target says it keeps harness state.',
        );
      }
      if (!warnedNoState) {
        warnedNoState = true;
        console.warn(
          '[plankeeper] SKIPPED the harness state tests of the store contract: the store has no getState/compareAndSetState (optional).',
        );
      }
      context.skip('the store keeps no harness state (getState/compareAndSetState are optional)');
    }
    return store as StateStore;
  }

  /** One store, or two over the same data for a shared store. */
  async function openStateStores(context: TestContext): Promise<StateStore[]> {
    const first = await openStateStore(context);
    return target.shared ? [first, await openStateStore(context)] : [first];
  }

  describe('get and compare-and-set', () => {
    it('returns undefined for a plan never written', async () => {
      const store = await open();
      expect(await store.get(freshKey())).toBeUndefined();
    });

    it('starts at version 1 and grows by one per accepted write', async () => {
      const store = await open();
      const key = freshKey();
      const first = planRecord([{ content: 'one' }]);
      expect(await store.compareAndSet(key, 0, first)).toEqual({
        ok: true,
        version: 1,
        epoch: anEpoch,
      });
      expect(await store.get(key)).toEqual({ version: 1, record: first, epoch: anEpoch });

      const second = planRecord([{ content: 'one', status: 'completed', note: 'done' }], {
        turn: 't2',
      });
      expect(await store.compareAndSet(key, 1, second)).toEqual({
        ok: true,
        version: 2,
        epoch: anEpoch,
      });
      expect(await store.get(key)).toEqual({ version: 2, record: second, epoch: anEpoch });
    });

    it('keeps every field of the record, including an empty item list and unicode', async () => {
      const store = await open();
      const key = freshKey();
      const empty = planRecord([], { nextId: 7 });
      await store.compareAndSet(key, 0, empty);
      expect((await store.get(key))?.record).toEqual(empty);
      const rich = planRecord([
        {
          id: '7',
          content: '查资料 "quoted" \\ back',
          description: 'line\nbreak',
          activeForm: 'Looking it up',
          status: 'in_progress',
        },
      ]);
      await store.compareAndSet(key, 1, rich);
      expect((await store.get(key))?.record).toEqual(rich);
    });

    it("keeps each item's blockedBy exactly, in order, in get, history and for subscribers", async () => {
      const writer = await open();
      const watcher = target.shared ? await open() : writer;
      const key = freshKey();
      const changes: PlanChange[] = [];
      const unsubscribe = await watcher.subscribe((change) => {
        if (change.key.agent === key.agent) changes.push(change);
      });
      try {
        const record = planRecord([
          { content: 'Run tests', status: 'completed' },
          { content: 'Build', blockedBy: ['1'] },
          { content: 'Deploy', blockedBy: ['2', '1'] },
          { content: 'Announce', blockedBy: [] },
        ]);
        await writer.compareAndSet(key, 0, record);
        const read = await watcher.get(key);
        expect(read?.record.items.map((item) => item.blockedBy)).toEqual([
          undefined,
          ['1'],
          ['2', '1'],
          [],
        ]);
        expect((await watcher.history(key))[0]?.record).toEqual(record);
        await waitFor(() => changes.length > 0, 'the change with blockers');
        expect(changes[0]?.record).toEqual(record);
      } finally {
        unsubscribe();
      }
    });

    it('refuses U+0000 and lone surrogates with a ConfigurationError, writing nothing, and keeps whole astral characters', async () => {
      const store = await open();
      const key = freshKey();
      const kept = planRecord([{ content: 'emoji 🧭 and 𠀀 stay whole' }]);
      await store.compareAndSet(key, 0, kept);
      const before = { plan: await store.get(key), history: await store.history(key) };
      const bad = [
        planRecord([{ content: 'nul \u0000 inside' }]),
        planRecord([{ content: 'cut \ud83e' }]),
        planRecord([{ content: 'fine', description: '\udc00 trailing half' }]),
        planRecord([{ content: 'fine', status: 'completed', note: 'reversed \udc00\ud800' }]),
        planRecord([{ content: 'fine', activeForm: 'a\u0000' }]),
        planRecord([{ content: 'fine' }], { turn: 'turn\u0000' }),
      ];
      for (const [index, record] of bad.entries()) {
        await expect(store.compareAndSet(key, 1, record), `bad record #${index}`).rejects.toThrow(
          ConfigurationError,
        );
      }
      await expect(
        store.compareAndSet(key, 1, planRecord([{ content: 'fine' }]), {
          source: { tool: 'todos_complete', summary: 'completed #1: \u0000' },
        }),
      ).rejects.toThrow(/U\+0000/);
      await expect(
        store.compareAndSet(key, 1, planRecord([{ content: 'fine' }]), {
          source: { tool: 'person:cancel', edit: { kind: 'cancel', id: '1', reason: 'x\ud800' } },
        }),
      ).rejects.toThrow(/source\.edit\.reason/);
      expect({ plan: await store.get(key), history: await store.history(key) }).toEqual(before);
      expect(before.plan?.record).toEqual(kept);
    });

    it('hands out copies: changing a returned record changes nothing stored', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'keep me' }]));
      const read = await store.get(key);
      read!.record.items[0]!.content = 'changed';
      read!.record.items.push({ id: '9', content: 'extra', status: 'pending' });
      expect((await store.get(key))?.record.items).toEqual([
        { id: '1', content: 'keep me', status: 'pending' },
      ]);
    });

    it('rejects a stale version and changes neither the plan nor its history', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]), {
        source: { tool: 'todos_add' },
      });
      await store.compareAndSet(key, 1, planRecord([{ content: 'a' }, { content: 'b' }]));
      const before = { plan: await store.get(key), history: await store.history(key) };

      const intruder = planRecord([{ content: 'intruder' }]);
      expect(await store.compareAndSet(key, 1, intruder)).toEqual({
        ok: false,
        currentVersion: 2,
      });
      expect(await store.compareAndSet(key, 0, intruder)).toEqual({
        ok: false,
        currentVersion: 2,
      });
      expect(await store.compareAndSet(key, 7, intruder)).toEqual({
        ok: false,
        currentVersion: 2,
      });
      expect({ plan: await store.get(key), history: await store.history(key) }).toEqual(before);
    });

    it('rejects a non-zero expected version for an absent plan', async () => {
      const store = await open();
      const key = freshKey();
      expect(await store.compareAndSet(key, 1, planRecord([]))).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.get(key)).toBeUndefined();
      expect(await store.history(key)).toEqual([]);
    });

    it('accepts exactly one of many concurrent writes at the same version', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'base' }]));
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          store.compareAndSet(key, 1, planRecord([{ content: `writer ${index}` }])),
        ),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (!result.ok) expect(result.currentVersion).toBe(2);
      }
      const stored = await store.get(key);
      expect(stored?.version).toBe(2);
      expect(stored?.record.items[0]?.content).toBe(`writer ${winners[0]}`);
      expect((await store.history(key)).map((revision) => revision.version)).toEqual([1, 2]);
    });

    it('keeps keys apart even when names contain the separator', async () => {
      const store = await open();
      const suffix = Math.random().toString(36).slice(2, 8);
      const left = { agent: `x/${suffix}`, session: 'y' };
      const right = { agent: 'x', session: `${suffix}/y` };
      const scoped = { agent: 'x', session: suffix, scope: ['y'] };
      await store.compareAndSet(left, 0, planRecord([{ content: 'left' }]));
      await store.compareAndSet(right, 0, planRecord([{ content: 'right' }]));
      await store.compareAndSet(scoped, 0, planRecord([{ content: 'scoped' }]));
      expect((await store.get(left))?.record.items[0]?.content).toBe('left');
      expect((await store.get(right))?.record.items[0]?.content).toBe('right');
      expect((await store.get(scoped))?.record.items[0]?.content).toBe('scoped');
    });
  });

  // TTLs here are short but real. Checks that a plan is still there run right after a
  // write, with a wide margin, so a slow CI machine cannot fail them; checks that it is
  // gone run well after expiry, where lateness only makes them stricter.
  describe('TTL', () => {
    it('forgets a plan once its TTL passes: get, list and history', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'short-lived' }]), {
        ttlMs: 400,
      });
      expect((await store.get(key))?.version).toBe(1);
      expect(await store.list({ agent: key.agent })).toHaveLength(1);
      await sleep(600);
      expect(await store.get(key)).toBeUndefined();
      expect(await store.list({ agent: key.agent })).toEqual([]);
      expect(await store.history(key)).toEqual([]);
    });

    it('treats an expired plan as absent for the next write, which starts at version 1', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'old' }]), { ttlMs: 150 });
      await sleep(350);
      expect(await store.compareAndSet(key, 1, planRecord([{ content: 'late' }]))).toEqual({
        ok: false,
        currentVersion: 0,
      });
      const fresh = planRecord([{ content: 'new' }]);
      expect(await store.compareAndSet(key, 0, fresh)).toEqual({
        ok: true,
        version: 1,
        epoch: anEpoch,
      });
      expect(await store.get(key)).toEqual({ version: 1, record: fresh, epoch: anEpoch });
      expect((await store.history(key)).map((revision) => revision.record)).toEqual([fresh]);
    });

    it('restarts the clock on every write', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]), { ttlMs: 1000 });
      await sleep(600);
      await store.compareAndSet(key, 1, planRecord([{ content: 'b' }]), { ttlMs: 1000 });
      await sleep(600);
      // At least 1200 ms after the first write: still here only because the second restarted the clock.
      expect((await store.get(key))?.version).toBe(2);
      await sleep(600);
      expect(await store.get(key)).toBeUndefined();
    });

    it('never expires a plan whose last write had no TTL', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]), { ttlMs: 400 });
      await store.compareAndSet(key, 1, planRecord([{ content: 'b' }]));
      await sleep(600);
      expect((await store.get(key))?.version).toBe(2);
      expect(await store.history(key)).toHaveLength(2);
    });
  });

  describe('epoch', () => {
    it("stays the same through a plan's writes and accepts a write expecting it", async () => {
      const store = await open();
      const key = freshKey();
      const created = await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]));
      const epoch = created.ok ? created.epoch : undefined;
      expect(epoch).toEqual(anEpoch);
      expect((await store.get(key))?.epoch).toBe(epoch);
      expect(
        await store.compareAndSet(key, 1, planRecord([{ content: 'b' }]), {
          expectedEpoch: epoch!,
        }),
      ).toEqual({ ok: true, version: 2, epoch });
    });

    it('refuses a write expecting another epoch, leaving plan and history unchanged', async () => {
      const store = await open();
      const key = freshKey();
      const record = planRecord([{ content: 'kept' }]);
      await store.compareAndSet(key, 0, record);
      expect(
        await store.compareAndSet(key, 1, planRecord([{ content: 'lost' }]), {
          expectedEpoch: 'another-epoch',
        }),
      ).toEqual({ ok: false, currentVersion: 1 });
      expect((await store.get(key))?.record).toEqual(record);
      expect(await store.history(key)).toHaveLength(1);
    });

    it('is new when a deleted plan is created again, so a writer holding the old one is refused at the same version', async () => {
      const store = await open();
      const key = freshKey();
      const before = await store.compareAndSet(key, 0, planRecord([{ content: 'old life' }]));
      await store.delete(key);
      const recreated = planRecord([{ content: 'new life' }]);
      const after = await store.compareAndSet(key, 0, recreated);
      expect(after).toEqual({ ok: true, version: 1, epoch: anEpoch });
      expect(after.ok && before.ok && after.epoch !== before.epoch).toBe(true);
      expect(
        await store.compareAndSet(key, 1, planRecord([{ content: 'stale write' }]), {
          expectedEpoch: before.ok ? before.epoch! : '',
        }),
      ).toEqual({ ok: false, currentVersion: 1 });
      expect((await store.get(key))?.record).toEqual(recreated);
    });

    it('is new when an expired plan is created again', async () => {
      const store = await open();
      const key = freshKey();
      const before = await store.compareAndSet(key, 0, planRecord([]), { ttlMs: 150 });
      await sleep(300);
      const after = await store.compareAndSet(key, 0, planRecord([{ content: 'again' }]));
      expect(after.ok && before.ok && after.epoch !== before.epoch).toBe(true);
      expect(
        await store.compareAndSet(key, 1, planRecord([]), {
          expectedEpoch: before.ok ? before.epoch! : '',
        }),
      ).toEqual({ ok: false, currentVersion: 1 });
    });
  });

  describe('history', () => {
    it('records every write and delete, oldest first, with time and source', async () => {
      const store = await open();
      const key = freshKey();
      const started = Date.now();
      const first = planRecord([{ content: 'a' }]);
      const second = planRecord([{ content: 'a', status: 'completed' }]);
      await store.compareAndSet(key, 0, first, {
        source: { tool: 'todos_add', callId: 'call-1', summary: 'added #1' },
      });
      await store.compareAndSet(key, 1, second, { source: { tool: 'todos_complete' } });
      await store.delete(key, { source: { tool: 'host:clear', summary: 'cleared by host' } });

      const history = await store.history(key);
      expect(history.map(({ version, record, source }) => ({ version, record, source }))).toEqual([
        {
          version: 1,
          record: first,
          source: { tool: 'todos_add', callId: 'call-1', summary: 'added #1' },
        },
        { version: 2, record: second, source: { tool: 'todos_complete' } },
        {
          version: 3,
          record: null,
          source: { tool: 'host:clear', summary: 'cleared by host' },
        },
      ]);
      for (const revision of history) {
        expect(revision.at).toBeGreaterThanOrEqual(started - 1000);
        expect(revision.at).toBeLessThanOrEqual(Date.now() + 1000);
      }
      expect(history.map((revision) => revision.at)).toEqual(
        [...history.map((revision) => revision.at)].sort((a, b) => a - b),
      );
    });

    it('keeps the evidence of a completion in its source, as written', async () => {
      const store = await open();
      const key = freshKey();
      const source = {
        tool: 'todo_write',
        summary: 'wrote 1 item · evidence #1: run_tests',
        evidence: [
          {
            id: '1',
            count: 2,
            calls: [{ tool: 'run_tests', callId: 'call_9', at: 1_700_000_000_123 }],
          },
        ],
      };
      await store.compareAndSet(key, 0, planRecord([{ content: 'a', status: 'completed' }]), {
        source,
      });
      expect((await store.history(key)).map((revision) => revision.source)).toEqual([source]);
    });

    it("keeps a person's change as theirs: by, name and the change, in history and for subscribers", async () => {
      const writer = await open();
      const watcher = target.shared ? await open() : writer;
      const key = freshKey();
      const changes: PlanChange[] = [];
      const off = await watcher.subscribe((change) => {
        if (change.key.agent === key.agent) changes.push(change);
      });
      const source = {
        tool: 'person:cancel',
        summary: 'cancelled #2: not needed',
        by: 'person' as const,
        name: 'Ana Núñez 安娜',
        edit: { kind: 'move' as const, id: '2', anchor: '1' },
      };
      await writer.compareAndSet(key, 0, planRecord([{ content: 'a' }]), {
        source: { tool: 'todos_add' },
      });
      await writer.compareAndSet(key, 1, planRecord([{ content: 'a', status: 'cancelled' }]), {
        source,
      });
      await writer.delete(key, { source: { tool: 'person:delete', by: 'person', name: 'Ana' } });
      expect((await watcher.history(key)).map((revision) => revision.source)).toEqual([
        { tool: 'todos_add' },
        source,
        { tool: 'person:delete', by: 'person', name: 'Ana' },
      ]);
      await waitFor(() => changes.length >= 3, 'three changes', 2000);
      expect(changes.map((change) => change.source)).toEqual([
        { tool: 'todos_add' },
        source,
        { tool: 'person:delete', by: 'person', name: 'Ana' },
      ]);
      off();
    });

    it('keeps only the newest historyLimit revisions and honours a smaller limit', async () => {
      const store = await open({ historyLimit: 3 });
      const key = freshKey();
      for (let version = 0; version < 7; version++) {
        const result = await store.compareAndSet(
          key,
          version,
          planRecord([{ content: `v${version + 1}` }]),
        );
        expect(result.ok).toBe(true);
      }
      const history = await store.history(key);
      expect(history.map((revision) => revision.version)).toEqual([5, 6, 7]);
      expect(history.map((revision) => revision.record?.items[0]?.content)).toEqual([
        'v5',
        'v6',
        'v7',
      ]);
      expect((await store.history(key, { limit: 2 })).map((revision) => revision.version)).toEqual([
        6, 7,
      ]);
    });

    it('is empty for a key never written', async () => {
      const store = await open();
      expect(await store.history(freshKey())).toEqual([]);
    });
  });

  describe('delete', () => {
    it('removes the plan, reports whether there was one, and lets the key start over', async () => {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]));
      await store.compareAndSet(key, 1, planRecord([{ content: 'b' }]));
      expect(await store.delete(key)).toBe(true);
      expect(await store.get(key)).toBeUndefined();
      expect(await store.list({ agent: key.agent })).toEqual([]);
      expect(await store.delete(key)).toBe(false);
      expect(await store.compareAndSet(key, 2, planRecord([]))).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSet(key, 0, planRecord([{ content: 'c' }]))).toEqual({
        ok: true,
        version: 1,
        epoch: anEpoch,
      });
      const history = await store.history(key);
      expect(history.map((revision) => [revision.version, revision.record === null])).toEqual([
        [1, false],
        [2, false],
        [3, true],
        [1, false],
      ]);
      expect(history[2]?.source).toEqual({ tool: 'host:delete' });
    });

    it('resolves false for a plan that never existed, recording nothing', async () => {
      const store = await open();
      const key = freshKey();
      expect(await store.delete(key)).toBe(false);
      expect(await store.history(key)).toEqual([]);
    });
  });

  describe('list', () => {
    it('lists live plans with version, update time and item counts, filtered exactly', async () => {
      const store = await open();
      const agent = freshKey().agent;
      const other = freshKey().agent;
      const plans: [PlanKey, ReturnType<typeof planRecord>][] = [
        [
          { agent, session: 's1' },
          planRecord(
            [
              { status: 'completed' },
              { status: 'in_progress' },
              { status: 'pending' },
              { status: 'cancelled' },
            ],
            { updatedAt: 1001 },
          ),
        ],
        [{ agent, session: 's1', scope: ['sub'] }, planRecord([{}], { updatedAt: 1002 })],
        [{ agent, session: 's10' }, planRecord([], { updatedAt: 1003 })],
        [
          { agent: other, session: 's1' },
          planRecord([{ status: 'completed' }], { updatedAt: 1004 }),
        ],
      ];
      for (const [key, record] of plans) await store.compareAndSet(key, 0, record);
      await store.compareAndSet(plans[0]![0], 1, plans[0]![1]);

      const byKey = (a: { key: PlanKey }, b: { key: PlanKey }) =>
        JSON.stringify(a.key).localeCompare(JSON.stringify(b.key));
      const mine = (await store.list({ agent })).sort(byKey);
      expect(mine).toEqual(
        [
          { key: { agent, session: 's1' }, version: 2, updatedAt: 1001, total: 4, open: 2 },
          {
            key: { agent, session: 's1', scope: ['sub'] },
            version: 1,
            updatedAt: 1002,
            total: 1,
            open: 1,
          },
          { key: { agent, session: 's10' }, version: 1, updatedAt: 1003, total: 0, open: 0 },
        ].sort(byKey),
      );
      const session = await store.list({ agent, session: 's1' });
      expect(session.map((listing) => listing.key).sort(byScopeDepth)).toEqual([
        { agent, session: 's1' },
        { agent, session: 's1', scope: ['sub'] },
      ]);
      const acrossAgents = (await store.list({ session: 's1' })).filter(
        (listing) => listing.key.agent === agent || listing.key.agent === other,
      );
      expect(acrossAgents.map((listing) => listing.key.agent).sort()).toEqual(
        [agent, agent, other].sort(),
      );
      const everything = await store.list();
      for (const [key] of plans) {
        expect(
          everything.some((listing) => JSON.stringify(listing.key) === JSON.stringify(key)),
        ).toBe(true);
      }
      expect(await store.list({ agent: `${agent}-nobody` })).toEqual([]);
    });
  });

  describe('subscribe', () => {
    it('delivers every write and delete in order, then stops after unsubscribe', async () => {
      const store = await open();
      const key = freshKey();
      const changes: PlanChange[] = [];
      const unsubscribe = await store.subscribe((change) => {
        if (change.key.agent === key.agent) changes.push(change);
      });
      const first = planRecord([{ content: 'a' }]);
      const second = planRecord([{ content: 'a', status: 'completed' }]);
      await store.compareAndSet(key, 0, first, { source: { tool: 'todos_add' } });
      await store.compareAndSet(key, 1, second, { source: { tool: 'todos_complete' } });
      await store.compareAndSet(key, 1, planRecord([{ content: 'rejected' }]));
      await store.delete(key);
      await waitFor(() => changes.length >= 3, 'three changes');
      expect(
        changes.map(({ key, version, record, source }) => ({ key, version, record, source })),
      ).toEqual([
        { key, version: 1, record: first, source: { tool: 'todos_add' } },
        { key, version: 2, record: second, source: { tool: 'todos_complete' } },
        { key, version: 3, record: null, source: { tool: 'host:delete' } },
      ]);

      unsubscribe();
      await store.compareAndSet(key, 0, planRecord([{ content: 'unseen' }]));
      await sleep(300);
      expect(changes).toHaveLength(3);
    });

    it('gives each listener its own copy of a change', async () => {
      const store = await open();
      const key = freshKey();
      const seen: PlanChange[] = [];
      const offs = [
        await store.subscribe((change) => {
          if (change.key.agent !== key.agent) return;
          change.record!.items[0]!.content = 'vandalised';
        }),
        await store.subscribe((change) => {
          if (change.key.agent === key.agent) seen.push(change);
        }),
      ];
      await store.compareAndSet(key, 0, planRecord([{ content: 'original' }]));
      await waitFor(() => seen.length === 1, 'one change');
      expect(seen[0]?.record?.items[0]?.content).toBe('original');
      for (const off of offs) off();
    });

    // Only shared stores have a second instance over the same data.
    if (target.shared) {
      it('delivers changes made through another instance of the same backing store', async () => {
        const writer = await open();
        const watcher = await open();
        const key = freshKey();
        const changes: PlanChange[] = [];
        const off = await watcher.subscribe((change) => {
          if (change.key.agent === key.agent) changes.push(change);
        });
        const record = planRecord([{ content: 'from elsewhere' }]);
        await writer.compareAndSet(key, 0, record, { source: { tool: 'todo_write' } });
        await writer.delete(key);
        await waitFor(() => changes.length >= 2, 'two changes from the other instance', 2000);
        expect(changes.map(({ version, record }) => ({ version, record }))).toEqual([
          { version: 1, record },
          { version: 2, record: null },
        ]);
        expect(changes[0]?.source).toEqual({ tool: 'todo_write' });
        off();
      });

      it('sees writes of another instance through get and list', async () => {
        const left = await open();
        const right = await open();
        const key = freshKey();
        await left.compareAndSet(key, 0, planRecord([{ content: 'shared' }]));
        expect((await right.get(key))?.version).toBe(1);
        expect(await right.compareAndSet(key, 0, planRecord([]))).toEqual({
          ok: false,
          currentVersion: 1,
        });
        expect((await right.list({ agent: key.agent })).map((listing) => listing.version)).toEqual([
          1,
        ]);
      });
    }
  });

  describe('harness state', () => {
    it('is absent until written, starts at version 1 and grows by one per accepted write', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      expect(await store.getState(key)).toBeUndefined();
      expect(await store.compareAndSetState(key, 0, { turn: 't1', rounds: 0 })).toEqual({
        ok: true,
        version: 1,
      });
      expect(await store.getState(key)).toEqual({ version: 1, state: { turn: 't1', rounds: 0 } });
      expect(await store.compareAndSetState(key, 1, { turn: 't1', rounds: 1 })).toEqual({
        ok: true,
        version: 2,
      });
      expect(await store.getState(key)).toEqual({ version: 2, state: { turn: 't1', rounds: 1 } });
    });

    it('refuses a stale, absent or made-up expected version and changes nothing', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      expect(await store.compareAndSetState(key, 1, { lost: true })).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.getState(key)).toBeUndefined();
      await store.compareAndSetState(key, 0, { kept: 1 });
      await store.compareAndSetState(key, 1, { kept: 2 });
      for (const expected of [0, 1, 3, 9]) {
        expect(await store.compareAndSetState(key, expected, { lost: true })).toEqual({
          ok: false,
          currentVersion: 2,
        });
      }
      expect(await store.getState(key)).toEqual({ version: 2, state: { kept: 2 } });
    });

    it('reads back every JSON value as written, leaving out properties set to undefined', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      const state = {
        turn: 'turn-7',
        task: '查资料 "quoted" \\ back\nline 🙂',
        nul: 'a\u0000b',
        startedAt: 1_700_000_000_123,
        rounds: 0,
        ratio: 0.25,
        below: -3,
        bounceSpent: false,
        seen: true,
        nothing: null,
        list: [1, 'two', [3], { four: 4 }, null, []],
        nested: { deeper: { deepest: {} } },
      };
      await store.compareAndSetState(key, 0, state);
      expect(await store.getState(key)).toEqual({ version: 1, state });
      await store.compareAndSetState(key, 1, { kept: 1, dropped: undefined });
      const read = await store.getState(key);
      expect(read).toEqual({ version: 2, state: { kept: 1 } });
      expect(Object.keys(read!.state)).toEqual(['kept']);
      await store.compareAndSetState(key, 2, {});
      expect(await store.getState(key)).toEqual({ version: 3, state: {} });
    });

    it('reads back U+0000 and lone surrogates in a state exactly', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      const state = { nul: 'a\u0000b', halves: ['\ud83e', '\udc00\ud800'], whole: '🧭' };
      await store.compareAndSetState(key, 0, state);
      expect(await store.getState(key)).toEqual({ version: 1, state });
    });

    it('hands out copies: changing a written or returned state changes nothing stored', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      const written = { rounds: 1, list: ['a'] };
      await store.compareAndSetState(key, 0, written);
      written.rounds = 99;
      written.list.push('b');
      const read = await store.getState(key);
      (read!.state.list as string[]).push('c');
      read!.state.rounds = 42;
      expect(await store.getState(key)).toEqual({ version: 1, state: { rounds: 1, list: ['a'] } });
    });

    it('refuses a state that is not a plain JSON object with a ConfigurationError, writing nothing', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      const cyclic: Record<string, unknown> = { name: 'loop' };
      cyclic.self = cyclic;
      class Turn {
        id = 't1';
      }
      const bad: unknown[] = [
        null,
        undefined,
        'text',
        7,
        [],
        [{ turn: 't1' }],
        new Date(),
        new Map([['turn', 't1']]),
        new Turn(),
        { at: new Date() },
        { check: () => true },
        { rounds: Number.NaN },
        { rounds: Number.POSITIVE_INFINITY },
        { rounds: 1n },
        { tag: Symbol('tag') },
        { list: [1, undefined] },
        { nested: { deeper: new Set([1]) } },
        cyclic,
      ];
      for (const [index, value] of bad.entries()) {
        await expect(
          store.compareAndSetState(key, 0, value as Record<string, unknown>),
          `bad state #${index}`,
        ).rejects.toBeInstanceOf(ConfigurationError);
      }
      expect(await store.getState(key)).toBeUndefined();
      await store.compareAndSetState(key, 0, { fine: true });
      await expect(
        store.compareAndSetState(key, 1, { at: new Date() } as Record<string, unknown>),
      ).rejects.toBeInstanceOf(ConfigurationError);
      expect(await store.getState(key)).toEqual({ version: 1, state: { fine: true } });
    });

    it('accepts exactly one of many concurrent creations of a state', async (context) => {
      const stores = await openStateStores(context);
      const key = freshKey();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          stores[index % stores.length]!.compareAndSetState(key, 0, { writer: index }),
        ),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (!result.ok) expect(result.currentVersion).toBe(1);
      }
      for (const store of stores) {
        expect(await store.getState(key)).toEqual({ version: 1, state: { writer: winners[0] } });
      }
    });

    it('accepts exactly one of many concurrent writes at the same version', async (context) => {
      const stores = await openStateStores(context);
      const key = freshKey();
      await stores[0]!.compareAndSetState(key, 0, { writer: 'base' });
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          stores[index % stores.length]!.compareAndSetState(key, 1, { writer: index }),
        ),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (!result.ok) expect(result.currentVersion).toBe(2);
      }
      for (const store of stores) {
        expect(await store.getState(key)).toEqual({ version: 2, state: { writer: winners[0] } });
      }
    });

    it('is no plan change: the plan keeps its version, epoch, history and listing, and no listener hears of it', async (context) => {
      const stores = await openStateStores(context);
      const store = stores[0]!;
      const key = freshKey();
      // On a shared store the second instance listens too, for changes made elsewhere.
      const heard = stores.map(() => [] as number[]);
      const offs = await Promise.all(
        stores.map((instance, index) =>
          instance.subscribe((change) => {
            if (change.key.agent === key.agent) heard[index]!.push(change.version);
          }),
        ),
      );
      await store.compareAndSet(key, 0, planRecord([{ content: 'the plan' }]));
      const before = {
        plan: await store.get(key),
        history: await store.history(key),
        listing: await store.list({ agent: key.agent }),
      };
      for (let version = 0; version < 3; version++) {
        expect(await store.compareAndSetState(key, version, { round: version })).toEqual({
          ok: true,
          version: version + 1,
        });
      }
      expect({
        plan: await store.get(key),
        history: await store.history(key),
        listing: await store.list({ agent: key.agent }),
      }).toEqual(before);
      // Changes arrive in order, so once this later plan write is heard, a notification
      // for any of the state writes would have been heard before it.
      await store.compareAndSet(key, 1, planRecord([{ content: 'the plan', status: 'completed' }]));
      await waitFor(
        () => heard.every((versions) => versions.length >= 2),
        'two plan changes',
        3000,
      );
      expect(heard).toEqual(stores.map(() => [1, 2]));
      // And the plan writes left the state alone.
      expect(await store.getState(key)).toEqual({ version: 3, state: { round: 2 } });
      for (const off of offs) off();
    });

    it('may exist without a plan, which stays absent and unlisted', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSetState(key, 0, { turn: 't1' });
      expect(await store.get(key)).toBeUndefined();
      expect(await store.list({ agent: key.agent })).toEqual([]);
      expect(await store.history(key)).toEqual([]);
      expect(await store.compareAndSet(key, 1, planRecord([]))).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSet(key, 0, planRecord([{ content: 'first' }]))).toEqual({
        ok: true,
        version: 1,
        epoch: anEpoch,
      });
      expect(await store.getState(key)).toEqual({ version: 1, state: { turn: 't1' } });
    });

    it('goes with the plan on delete, and on a delete of the key when there was no plan', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]));
      await store.compareAndSetState(key, 0, { rounds: 1 });
      await store.compareAndSetState(key, 1, { rounds: 2 });
      expect(await store.delete(key)).toBe(true);
      expect(await store.getState(key)).toBeUndefined();
      expect(await store.compareAndSetState(key, 2, { rounds: 3 })).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSetState(key, 0, { rounds: 1 })).toEqual({
        ok: true,
        version: 1,
      });

      const stateOnly = freshKey();
      await store.compareAndSetState(stateOnly, 0, { rounds: 1 });
      expect(await store.delete(stateOnly)).toBe(false);
      expect(await store.getState(stateOnly)).toBeUndefined();
      expect(await store.history(stateOnly)).toEqual([]);
    });

    it('keeps keys apart exactly as plans are, scopes and separators included', async (context) => {
      const store = await openStateStore(context);
      const suffix = Math.random().toString(36).slice(2, 8);
      const keys: PlanKey[] = [
        { agent: `x/${suffix}`, session: 'y' },
        { agent: 'x', session: `${suffix}/y` },
        { agent: 'x', session: suffix },
        { agent: 'x', session: suffix, scope: ['y'] },
        { agent: 'x', session: suffix, scope: ['y', 'z'] },
        { agent: 'x', session: suffix, scope: ['y/z'] },
        { agent: `x-${suffix}`, session: 'y' },
      ];
      for (const [index, key] of keys.entries()) {
        expect(await store.compareAndSetState(key, 0, { index })).toEqual({ ok: true, version: 1 });
      }
      for (const [index, key] of keys.entries()) {
        expect(await store.getState(key)).toEqual({ version: 1, state: { index } });
      }
      // Deleting a scope's key leaves its parent and its child scope alone.
      await store.delete(keys[3]!);
      expect(
        await Promise.all(keys.map(async (key) => (await store.getState(key))?.state.index)),
      ).toEqual([0, 1, 2, undefined, 4, 5, 6]);
    });

    it('forgets a state once its TTL passes; the next write expects 0', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSetState(key, 0, { short: 'lived' }, { ttlMs: 400 });
      expect((await store.getState(key))?.version).toBe(1);
      await sleep(600);
      expect(await store.getState(key)).toBeUndefined();
      expect(await store.compareAndSetState(key, 1, { late: true })).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSetState(key, 0, { fresh: true })).toEqual({
        ok: true,
        version: 1,
      });
      expect(await store.getState(key)).toEqual({ version: 1, state: { fresh: true } });
    });

    it('restarts the clock on every state write, and a write without TTL never expires', async (context) => {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSetState(key, 0, { at: 'a' }, { ttlMs: 1000 });
      await sleep(600);
      await store.compareAndSetState(key, 1, { at: 'b' }, { ttlMs: 1000 });
      await sleep(600);
      // At least 1200 ms after the first write: still here only because the second restarted the clock.
      expect((await store.getState(key))?.version).toBe(2);
      await store.compareAndSetState(key, 2, { at: 'c' });
      await sleep(600);
      // Past the second write's expiry: still here only because the third had no TTL.
      expect(await store.getState(key)).toEqual({ version: 3, state: { at: 'c' } });
    });

    it('expires apart from its plan, in both directions', async (context) => {
      const store = await openStateStore(context);
      const planExpires = freshKey();
      const stateExpires = freshKey();
      await store.compareAndSet(planExpires, 0, planRecord([]), { ttlMs: 300 });
      await store.compareAndSetState(planExpires, 0, { stays: true });
      await store.compareAndSet(stateExpires, 0, planRecord([]));
      await store.compareAndSetState(stateExpires, 0, { goes: true }, { ttlMs: 300 });
      await sleep(500);
      expect(await store.get(planExpires)).toBeUndefined();
      expect(await store.getState(planExpires)).toEqual({ version: 1, state: { stays: true } });
      expect((await store.get(stateExpires))?.version).toBe(1);
      expect(await store.getState(stateExpires)).toBeUndefined();
    });
  });

  const plant = target.plant;
  if (plant)
    describe('unreadable records', () => {
      it.each(['future-format', 'garbage'] as const)(
        'a %s record makes get throw PlanRecordError naming the key',
        async (bad) => {
          const store = await open();
          const key = freshKey('session/with slash');
          await store.compareAndSet(key, 0, planRecord([{ content: 'fine so far' }]));
          await plant(key, bad);
          const error = await store.get(key).then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
          expect(error).toBeInstanceOf(PlanRecordError);
          expect((error as PlanRecordError).key).toBe(
            `${encodeURIComponent(key.agent)}/${encodeURIComponent(key.session)}`,
          );
          expect((error as Error).message).toContain(encodeURIComponent(key.session));
          expect((error as Error).message).toMatch(
            bad === 'future-format' ? /unknown format version 99/ : /corrupt record/,
          );
          // A listing still works: one bad plan must not hide every other plan.
          expect(
            (await store.list({ agent: key.agent })).map((listing) => listing.version),
          ).toEqual([1]);
        },
      );
    });
}
