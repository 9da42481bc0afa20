/** `openStore(url)`: every accepted form opens the right store; anything else says what to write. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryPlanStore, PlankeeperError } from 'plankeeper';
import { openStore, parseStoreUrl, StoreUrlError } from 'plankeeper/stores';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { planRecord } from '../support/store-fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'plankeeper-open-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('parseStoreUrl', () => {
  it.each([
    ['memory', { kind: 'memory' }],
    ['memory:', { kind: 'memory' }],
    ['sqlite:.plankeeper/plans.db', { kind: 'sqlite', path: '.plankeeper/plans.db' }],
    ['sqlite:plans.db', { kind: 'sqlite', path: 'plans.db' }],
    [
      'sqlite:/var/lib/plankeeper/plans.db',
      { kind: 'sqlite', path: '/var/lib/plankeeper/plans.db' },
    ],
    ['sqlite::memory:', { kind: 'sqlite', path: ':memory:' }],
    ['SQLite:plans.db', { kind: 'sqlite', path: 'plans.db' }],
    ['redis://127.0.0.1:6379/2', { kind: 'redis', url: 'redis://127.0.0.1:6379/2' }],
    [
      'rediss://user:pw@cache.internal:6380',
      { kind: 'redis', url: 'rediss://user:pw@cache.internal:6380' },
    ],
    ['postgres://u:p@db:5432/plans', { kind: 'postgres', url: 'postgres://u:p@db:5432/plans' }],
    ['postgresql://db/plans', { kind: 'postgres', url: 'postgresql://db/plans' }],
    ['postgres:///plans', { kind: 'postgres', url: 'postgres:///plans' }],
  ])('reads %s', (url, location) => {
    expect(parseStoreUrl(url)).toEqual(location);
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['plans.db', /no scheme/],
    ['mysql://db/plans', /"mysql:" is not a store we know/],
    ['file:plans.db', /"file:" is not a store we know/],
    ['sqlite:', /SQLite path is missing/],
    ['sqlite://plans.db', /without "\/\/"/],
    ['redis://', /host is missing/],
    ['redis://cache:99999', /not a valid URL/],
    ['postgres://u:hunter2@/plans', /not a valid URL/],
  ])('refuses %j, saying which forms are accepted', (url, reason) => {
    let error: unknown;
    try {
      parseStoreUrl(url);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(StoreUrlError);
    expect(PlankeeperError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toMatch(reason);
    if (!/SQLite path is missing|without/.test(message)) {
      expect(message).toContain('memory; sqlite:PATH');
      expect(message).toContain('redis://');
      expect(message).toContain('postgres://');
    }
  });

  it('never repeats a password from the URL in its error', () => {
    expect(() => parseStoreUrl('postgres://admin:hunter2@/plans')).toThrow(/admin:\*\*\*@/);
    expect(() => parseStoreUrl('postgres://admin:hunter2@/plans')).not.toThrow(/hunter2/);
  });
});

describe('openStore', () => {
  it('opens the memory store', async () => {
    const store = await openStore('memory');
    expect(store).toBeInstanceOf(MemoryPlanStore);
    await store.close();
  });

  it('opens an in-memory SQLite database for sqlite::memory:', async () => {
    const store = await openStore('sqlite::memory:');
    expect(store).toBeInstanceOf(SqlitePlanStore);
    const key = { agent: 'a', session: 's' };
    await store.compareAndSet(key, 0, planRecord([{ content: 'kept in memory' }]));
    expect((await store.get(key))?.record.items[0]?.content).toBe('kept in memory');
    await store.close();
  });

  it('opens a SQLite file, creating its directories, and passes historyLimit on', async () => {
    const path = join(directory, 'a', 'b', 'plans.db');
    const store = await openStore(`sqlite:${path}`, { historyLimit: 2 });
    expect(statSync(path).isFile()).toBe(true);
    const key = { agent: 'a', session: 's' };
    for (let version = 0; version < 4; version++) {
      await store.compareAndSet(key, version, planRecord([]));
    }
    expect((await store.history(key)).map((revision) => revision.version)).toEqual([3, 4]);
    await store.close();
  });

  it('rejects a bad URL before loading any driver', async () => {
    await expect(openStore('mongodb://db/plans')).rejects.toBeInstanceOf(StoreUrlError);
  });
});
