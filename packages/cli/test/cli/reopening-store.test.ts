import { MemoryPlanStore } from 'plankeeper';
import { describe, expect, it, vi } from 'vitest';
import { ReopeningStore } from '../../src/cli/reopening-store.js';

describe('ReopeningStore', () => {
  it('reports the open error on each use until an open succeeds, then keeps that store', async () => {
    const memory = new MemoryPlanStore();
    const close = vi.spyOn(memory, 'close');
    const open = vi
      .fn<() => Promise<MemoryPlanStore>>()
      .mockRejectedValueOnce(new Error('store down'))
      .mockResolvedValue(memory);
    const store = new ReopeningStore(open);

    await expect(store.list()).rejects.toThrow('store down');
    expect(await store.list()).toEqual([]);
    expect(await store.get({ agent: 'a', session: 's' })).toBeUndefined();
    expect(open).toHaveBeenCalledTimes(2);
    await store.close();
    expect(close).toHaveBeenCalledOnce();
  });

  it('closes without opening when it was never used', async () => {
    const open = vi.fn(async () => new MemoryPlanStore());
    await new ReopeningStore(open).close();
    expect(open).not.toHaveBeenCalled();
  });
});
