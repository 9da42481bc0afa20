/** The plan's version and compare-and-set: what a write must expect, what a store keeps and hands out, and that concurrent writers never both win. */
import { expect } from 'vitest';
import { ConfigurationError } from '../../engine/errors.js';
import type { PlanChange } from '../../engine/store/plan-store.js';
import { planRecord, waitFor } from '../store-test-helpers.js';
import { anEpoch, type ContractCase, freshKey } from './contract-suite.js';

export const versionCases: readonly ContractCase[] = [
  {
    name: 'returns undefined for a plan never written',
    async run({ open }) {
      const store = await open();
      expect(await store.get(freshKey())).toBeUndefined();
    },
  },
  {
    name: 'starts at version 1 and grows by one per accepted write',
    async run({ open }) {
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
    },
  },
  {
    name: 'keeps every field of the record, including an empty item list and unicode',
    async run({ open }) {
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
    },
  },
  {
    name: "keeps each item's blockedBy exactly, in order, in get, history and for subscribers",
    async run({ open, target }) {
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
    },
  },
  {
    name: 'refuses U+0000 and lone surrogates with a ConfigurationError, writing nothing, and keeps whole astral characters',
    async run({ open }) {
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
    },
  },
  {
    name: 'hands out copies: changing a returned record changes nothing stored',
    async run({ open }) {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'keep me' }]));
      const read = await store.get(key);
      read!.record.items[0]!.content = 'changed';
      read!.record.items.push({ id: '9', content: 'extra', status: 'pending' });
      expect((await store.get(key))?.record.items).toEqual([
        { id: '1', content: 'keep me', status: 'pending' },
      ]);
    },
  },
  {
    name: 'rejects a stale version and changes neither the plan nor its history',
    async run({ open }) {
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
    },
  },
  {
    name: 'rejects a non-zero expected version for an absent plan',
    async run({ open }) {
      const store = await open();
      const key = freshKey();
      expect(await store.compareAndSet(key, 1, planRecord([]))).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.get(key)).toBeUndefined();
      expect(await store.history(key)).toEqual([]);
    },
  },
  {
    name: 'accepts exactly one of many concurrent writes at the same version',
    async run({ open }) {
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
    },
  },
  {
    name: 'keeps keys apart even when names contain the separator',
    async run({ open }) {
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
    },
  },
];
