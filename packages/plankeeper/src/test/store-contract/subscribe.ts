/** Change subscriptions: every write and delete in order, a copy for each listener, and across instances of a shared store. */
import { expect } from 'vitest';
import type { PlanChange } from '../../engine/store/plan-store.js';
import { planRecord, sleep, waitFor } from '../store-test-helpers.js';
import { type ContractCase, freshKey } from './contract-suite.js';

export const subscribeCases: readonly ContractCase[] = [
  {
    name: 'delivers every write and delete in order, then stops after unsubscribe',
    async run({ open }) {
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
    },
  },
  {
    name: 'gives each listener its own copy of a change',
    async run({ open }) {
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
    },
  },
  // Only shared stores have a second instance over the same data.
  {
    name: 'delivers changes made through another instance of the same backing store',
    sharedOnly: true,
    async run({ open }) {
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
    },
  },
  {
    name: 'sees writes of another instance through get and list',
    sharedOnly: true,
    async run({ open }) {
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
    },
  },
];
