/** A plan's time to live: gone once it passes, restarted by every write. */
import { expect } from 'vitest';
import { planRecord, sleep } from '../store-test-helpers.js';
import { anEpoch, type ContractCase, freshKey } from './contract-suite.js';

export const ttlCases: readonly ContractCase[] = [
  {
    name: 'forgets a plan once its TTL passes: get, list and history',
    async run({ open }) {
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
    },
  },
  {
    name: 'treats an expired plan as absent for the next write, which starts at version 1',
    async run({ open }) {
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
    },
  },
  {
    name: 'restarts the clock on every write',
    async run({ open }) {
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
    },
  },
  {
    name: 'never expires a plan whose last write had no TTL',
    async run({ open }) {
      const store = await open();
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]), { ttlMs: 400 });
      await store.compareAndSet(key, 1, planRecord([{ content: 'b' }]));
      await sleep(600);
      expect((await store.get(key))?.version).toBe(2);
      expect(await store.history(key)).toHaveLength(2);
    },
  },
];
