import { describe, expect, it, vi } from 'vitest';
import { emptyRecord } from '../todo-item.js';
import { MemoryPlanStore } from './memory-store.js';

const key = { agent: 'a', session: 's' };

describe('MemoryPlanStore', () => {
  it('a throwing listener does not turn an accepted write into a rejection, nor silence others', async () => {
    const store = new MemoryPlanStore();
    const seen: number[] = [];
    await store.subscribe(() => {
      throw new Error('listener bug');
    });
    await store.subscribe((change) => seen.push(change.version));
    const warnings: string[] = [];
    const warning = vi
      .spyOn(process, 'emitWarning')
      .mockImplementation((message) => void warnings.push(String(message)));
    try {
      const result = await store.compareAndSet(key, 0, emptyRecord(1));
      expect(result).toMatchObject({ ok: true, version: 1 });
    } finally {
      warning.mockRestore();
    }
    expect(seen).toEqual([1]);
    expect(warnings).toEqual(['A plan change listener threw: listener bug']);
  });

  it('the history of an expired plan is gone with it', async () => {
    let now = 0;
    const store = new MemoryPlanStore({ now: () => now });
    await store.compareAndSet(key, 0, emptyRecord(0), { ttlMs: 10 });
    expect(await store.history(key)).toHaveLength(1);
    now = 11;
    expect(await store.history(key)).toEqual([]);
  });
});
