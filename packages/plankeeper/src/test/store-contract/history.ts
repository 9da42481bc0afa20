/** Revision history: every write and delete, with time and source, up to the history limit. */
import { expect } from 'vitest';
import type { PlanChange } from '../../engine/store/plan-store.js';
import { planRecord, waitFor } from '../store-test-helpers.js';
import { type ContractCase, freshKey } from './contract-suite.js';

export const historyCases: readonly ContractCase[] = [
  {
    name: 'records every write and delete, oldest first, with time and source',
    async run({ open }) {
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
    },
  },
  {
    name: 'keeps the evidence of a completion in its source, as written',
    async run({ open }) {
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
    },
  },
  {
    name: "keeps a person's change as theirs: by, name and the change, in history and for subscribers",
    async run({ open, target }) {
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
    },
  },
  {
    name: 'keeps only the newest historyLimit revisions and honours a smaller limit',
    async run({ open }) {
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
    },
  },
  {
    name: 'is empty for a key never written',
    async run({ open }) {
      const store = await open();
      expect(await store.history(freshKey())).toEqual([]);
    },
  },
];
