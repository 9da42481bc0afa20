/** Deleting a plan: it is gone, the delete is recorded, and the key starts over. */
import { expect } from 'vitest';
import { planRecord } from '../store-test-helpers.js';
import { anEpoch, type ContractCase, freshKey } from './contract-suite.js';

export const deleteCases: readonly ContractCase[] = [
  {
    name: 'removes the plan, reports whether there was one, and lets the key start over',
    async run({ open }) {
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
    },
  },
  {
    name: 'resolves false for a plan that never existed, recording nothing',
    async run({ open }) {
      const store = await open();
      const key = freshKey();
      expect(await store.delete(key)).toBe(false);
      expect(await store.history(key)).toEqual([]);
    },
  },
];
