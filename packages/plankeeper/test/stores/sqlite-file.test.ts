/**
 * The SQLite store and its file on disk: a directory deleted or a file replaced under a
 * running store, a path through a regular file, and read-only opening.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreFileError } from 'plankeeper/stores';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { planRecord, sleep } from '../support/store-fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'plankeeper-sqlite-file-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(directory, `store-${++dirs}`);
const key = { agent: 'a', session: 's' };

describe('SqlitePlanStore and its file', () => {
  it('fails every write once its directory is deleted, instead of acknowledging a lost one', async () => {
    const dir = freshDir();
    const store = new SqlitePlanStore({ path: join(dir, 'plans.db') });
    try {
      await store.compareAndSet(key, 0, planRecord([{ content: 'kept' }]));
      rmSync(dir, { recursive: true, force: true });
      await expect(store.compareAndSet(key, 1, planRecord([{ content: 'lost' }]))).rejects.toThrow(
        /^the plan change was not saved: the SQLite store file .*plans\.db was deleted while this process had it open\. Restart the process/,
      );
      // A batch (writes started together) fails as a whole, and so do deletes and states.
      const batch = await Promise.allSettled([
        store.compareAndSet({ ...key, session: 'x' }, 0, planRecord([])),
        store.compareAndSet({ ...key, session: 'y' }, 0, planRecord([])),
      ]);
      expect(batch.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      await expect(store.delete(key)).rejects.toBeInstanceOf(StoreFileError);
      await expect(store.compareAndSetState(key, 0, { n: 1 })).rejects.toBeInstanceOf(
        StoreFileError,
      );
    } finally {
      await store.close();
    }
  });

  it('once its file is deleted, writes nothing into it and reads no plan from it', async () => {
    const dir = freshDir();
    const path = join(dir, 'plans.db');
    const store = new SqlitePlanStore({ path });
    try {
      await store.compareAndSet(key, 0, planRecord([{ content: 'kept' }]));
      rmSync(dir, { recursive: true, force: true });
      await expect(store.compareAndSet(key, 1, planRecord([{ content: 'lost' }]))).rejects.toThrow(
        StoreFileError,
      );
      // Checked before the transaction: the refused change is not in the open (deleted) file.
      const row = store.db.prepare('SELECT version FROM plankeeper_plans').get() as {
        version: number;
      };
      expect(row.version).toBe(1);
      const refused = `plans not read: the SQLite store file ${path} was deleted while this process had it open. Restart the process to open the store again.`;
      await expect(store.get(key)).rejects.toThrow(refused);
      await expect(store.list()).rejects.toThrow(refused);
      await expect(store.history(key)).rejects.toThrow(refused);
      await expect(store.getState(key)).rejects.toThrow(refused);
    } finally {
      await store.close();
    }
  });

  it('fails a write once its file is replaced by another', async () => {
    const dir = freshDir();
    const path = join(dir, 'plans.db');
    const store = new SqlitePlanStore({ path });
    const other = new SqlitePlanStore({ path: join(dir, 'other.db') });
    await other.close();
    try {
      await store.compareAndSet(key, 0, planRecord([{ content: 'kept' }]));
      renameSync(join(dir, 'other.db'), path);
      await expect(store.compareAndSet(key, 1, planRecord([]))).rejects.toThrow(/was replaced/);
    } finally {
      await store.close();
    }
  });

  it('names the file in the way when a directory of the path is a file', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes'), 'a file');
    const open = () => new SqlitePlanStore({ path: join(dir, 'notes', 'deeper', 'plans.db') });
    expect(open).toThrow(StoreFileError);
    expect(open).toThrow(
      `${join(dir, 'notes')} is a file, not a directory; pick another path for the store.`,
    );
  });

  it('opened read-only, reads the plans and refuses writes, with no purge of expired plans', async () => {
    const path = join(freshDir(), 'plans.db');
    const writer = new SqlitePlanStore({ path });
    await writer.compareAndSet(key, 0, planRecord([{ content: 'stored' }]));
    await writer.compareAndSet({ ...key, session: 'short' }, 0, planRecord([]), { ttlMs: 1 });
    await sleep(5);
    const reader = new SqlitePlanStore({ path, readOnly: true });
    try {
      expect(reader.readOnly).toBe(true);
      expect((await reader.get(key))?.record.items[0]?.content).toBe('stored');
      expect((await reader.list()).map((listing) => listing.key.session)).toEqual(['s']);
      expect(await reader.get({ ...key, session: 'short' })).toBeUndefined();
      await expect(reader.compareAndSet(key, 1, planRecord([]))).rejects.toThrow(
        /is open read-only, so the plan change was not saved/,
      );
      await expect(reader.delete(key)).rejects.toBeInstanceOf(StoreFileError);
    } finally {
      await reader.close();
      await writer.close();
    }
    // Where it can write, 'if-not-writable' opens for writing as usual.
    const writable = new SqlitePlanStore({ path, readOnly: 'if-not-writable' });
    expect(writable.readOnly).toBe(false);
    await writable.close();
  });

  it('opened read-only, refuses a file that does not exist rather than creating it', () => {
    const path = join(freshDir(), 'plans.db');
    expect(() => new SqlitePlanStore({ path, readOnly: true })).toThrow(
      `there is no SQLite store at ${path}, and this process cannot create one there.`,
    );
  });
});
