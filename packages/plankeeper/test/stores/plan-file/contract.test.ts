/**
 * The store contract where it applies to a plan file store: every key but the file's goes
 * to the store it wraps, so the whole contract suite runs through the wrapper (over
 * SQLite, shared by several instances); the file's own key keeps the contract's rules on
 * versions, compare-and-set, history, deletes and what instances over one file share.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPlanFileStore, type PlanFileStore } from 'plankeeper/stores/plan-file';
import { storeContract } from 'plankeeper/test/store-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planRecord, type StoreNamespace, sqliteBackend } from '../../support/store-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plan file store, other keys', () => {
  let namespace: StoreNamespace;
  beforeAll(async () => {
    namespace = await sqliteBackend.namespace();
  });
  afterAll(async () => {
    await namespace?.cleanup();
  });
  storeContract({
    open: async (options) =>
      openPlanFileStore(join(dir, 'CONTRACT.md'), { store: await namespace.open(options) }),
    shared: true,
    harnessState: true,
    plant: (key, bad) => namespace.plant!(key, bad),
  });
});

describe("plan file store, the file's key", () => {
  const opened: PlanFileStore[] = [];
  let count = 0;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  /** Two stores over one new file and its SQLite store, as two processes would open them. */
  async function twoStores(): Promise<[PlanFileStore, PlanFileStore, string]> {
    const file = join(dir, `plan-${++count}`, 'PLAN.md');
    const first = await openPlanFileStore(file);
    const second = await openPlanFileStore(file);
    opened.push(first, second);
    return [first, second, file];
  }

  it('starts at version 1, grows by one, and refuses a stale compare-and-set unchanged', async () => {
    const [store, , file] = await twoStores();
    const one = planRecord([{ content: 'one' }]);
    expect(await store.compareAndSet(store.key, 0, one)).toMatchObject({ ok: true, version: 1 });
    const two = planRecord([{ content: 'one' }, { content: 'two' }]);
    expect(await store.compareAndSet(store.key, 1, two)).toMatchObject({ ok: true, version: 2 });
    const before = readFileSync(file, 'utf8');
    expect(await store.compareAndSet(store.key, 1, one)).toEqual({ ok: false, currentVersion: 2 });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect((await store.get(store.key))?.record.items.map((item) => item.content)).toEqual([
      'one',
      'two',
    ]);
  });

  it('records every write in the history with its source, and a delete', async () => {
    const [store] = await twoStores();
    await store.compareAndSet(store.key, 0, planRecord([{ content: 'one' }]), {
      source: { tool: 'todo_write' },
    });
    expect(await store.delete(store.key)).toBe(true);
    expect(await store.get(store.key)).toBeUndefined();
    const history = await store.history(store.key);
    expect(history.map((revision) => [revision.version, revision.source.tool])).toEqual([
      [1, 'todo_write'],
      [2, 'host:delete'],
    ]);
  });

  it("two stores over one file see each other's writes, and refuse a write on an old version", async () => {
    const [first, second] = await twoStores();
    await first.compareAndSet(first.key, 0, planRecord([{ content: 'from the first' }]));
    const read = await second.get(second.key);
    expect(read?.version).toBe(1);
    expect(read?.record.items[0]?.content).toBe('from the first');
    expect(
      await second.compareAndSet(second.key, 0, planRecord([{ content: 'too late' }])),
    ).toEqual({ ok: false, currentVersion: 1 });
  });

  it('delivers writes to subscribers', async () => {
    const [store] = await twoStores();
    const changes: number[] = [];
    const stop = await store.subscribe((change) => changes.push(change.version));
    await store.compareAndSet(store.key, 0, planRecord([{ content: 'one' }]));
    stop();
    expect(changes).toEqual([1]);
  });
});
