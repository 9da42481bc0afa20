import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanStore } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptStores } from './kept-stores.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeUrl(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pk-kept-'));
  dirs.push(dir);
  return `sqlite:${join(dir, 'plans.db')}`;
}

describe('KeptStores', () => {
  it('opens a URL once and hands every event the same open store', async () => {
    const kept = new KeptStores();
    const url = storeUrl();
    const opened: PlanStore[] = [];
    const open = async () => {
      const store = await openStore(url);
      opened.push(store);
      return store;
    };
    const key = { agent: 'opencode', session: 's1' };
    const first = await kept.get(url, open);
    await first.compareAndSetState?.(key, 0, { calls: 1 });
    const second = await kept.get(url, open);
    expect(opened).toHaveLength(1);
    expect((await second.getState?.(key))?.state).toEqual({ calls: 1 });
    await kept.closeAll();
    await expect(async () => opened[0]?.get(key)).rejects.toThrow();
  });

  it('opens again after an open that failed', async () => {
    const kept = new KeptStores();
    const url = storeUrl();
    let attempts = 0;
    const open = async () => {
      attempts++;
      if (attempts === 1) throw new Error('store down');
      return openStore(url);
    };
    await expect(kept.get(url, open)).rejects.toThrow('store down');
    const store = await kept.get(url, open);
    expect(attempts).toBe(2);
    expect(await store.get({ agent: 'opencode', session: 's1' })).toBeUndefined();
    await kept.closeAll();
  });

  it('keeps one store per URL', async () => {
    const kept = new KeptStores();
    const [a, b] = [storeUrl(), storeUrl()];
    let opens = 0;
    const open = (url: string) => async () => {
      opens++;
      return openStore(url);
    };
    await kept.get(a, open(a));
    await kept.get(b, open(b));
    await kept.get(a, open(a));
    expect(opens).toBe(2);
    await kept.closeAll();
  });
});
