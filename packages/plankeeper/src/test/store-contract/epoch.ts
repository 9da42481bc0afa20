/** A plan's epoch: the same through its writes, new when the plan is created again, so a writer holding an old one is refused. */
import { expect } from 'vitest';
import { planRecord, sleep } from '../store-test-helpers.js';
import { anEpoch, type ContractCase, freshKey } from './contract-suite.js';

export const epochCases: readonly ContractCase[] = [
  {
    name: "stays the same through a plan's writes and accepts a write expecting it",
    async run({ open }) {
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
    },
  },
  {
    name: 'refuses a write expecting another epoch, leaving plan and history unchanged',
    async run({ open }) {
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
    },
  },
  {
    name: 'is new when a deleted plan is created again, so a writer holding the old one is refused at the same version',
    async run({ open }) {
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
    },
  },
  {
    name: 'is new when an expired plan is created again',
    async run({ open }) {
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
    },
  },
];
