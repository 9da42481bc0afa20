/** SQLite specifics beyond the contract: schema versioning, file layout, physical bounds. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigurationError } from 'plankeeper';
import { StoreSchemaError } from 'plankeeper/stores';
import { SQLITE_SCHEMA_VERSION, SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { captureWarnings, planRecord, sleep } from '../support/store-fixtures.js';

/** Every store here keeps epochs (see the store contract). */
const anEpoch = expect.any(String);

const directory = mkdtempSync(join(tmpdir(), 'plankeeper-sqlite-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(directory, `store-${++files}`, 'plans.db');
const key = { agent: 'a', session: 's' };

function count(path: string, table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('SqlitePlanStore', () => {
  it('creates the file and its directories, in WAL mode with a busy timeout', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path, busyTimeoutMs: 1234 });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(1234);
    await store.close();
    expect(readFileSync(path).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it('reopens a file with its plans, versions and history', async () => {
    const path = freshPath();
    const first = new SqlitePlanStore({ path });
    await first.compareAndSet(key, 0, planRecord([{ content: 'survives' }]));
    await first.compareAndSet(key, 1, planRecord([{ content: 'survives', status: 'completed' }]));
    await first.close();
    const second = new SqlitePlanStore({ path });
    expect((await second.get(key))?.version).toBe(2);
    expect(await second.history(key)).toHaveLength(2);
    await second.close();
  });

  it('opens an up-to-date file while another connection holds the write lock', async () => {
    const path = freshPath();
    await new SqlitePlanStore({ path }).close();
    const writer = new Database(path);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const store = new SqlitePlanStore({ path, busyTimeoutMs: 1 });
      expect(await store.get(key)).toBeUndefined();
      await store.close();
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('lockWaitDeadline: no write waits for a lock past it, whatever busyTimeoutMs says', async () => {
    const path = freshPath();
    await new SqlitePlanStore({ path }).close();
    const store = new SqlitePlanStore({
      path,
      busyTimeoutMs: 5000,
      lockWaitDeadline: Date.now() + 400,
    });
    const writer = new Database(path);
    writer.exec('BEGIN EXCLUSIVE');
    try {
      let started = Date.now();
      await expect(store.compareAndSetState(key, 0, { n: 1 })).rejects.toThrow(/locked/);
      expect(Date.now() - started).toBeLessThan(1000);
      // Past the deadline a write waits not at all.
      started = Date.now();
      await expect(store.compareAndSet(key, 0, planRecord([]))).rejects.toThrow(/locked/);
      expect(Date.now() - started).toBeLessThan(200);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    // With the lock free, writes past the deadline go through.
    expect((await store.compareAndSet(key, 0, planRecord([]))).ok).toBe(true);
    await store.close();
  });

  it('withLockWaitLimit: a call waits for a lock at most the limit, and the process runs meanwhile', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path, busyTimeoutMs: 5000 });
    const view = store.withLockWaitLimit(600);
    const writer = new Database(path);
    writer.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      await expect(view.compareAndSetState!(key, 0, { n: 1 })).rejects.toThrow(/locked/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(550);
      expect(Date.now() - started).toBeLessThan(1000);
      // The lock freed by a timer while the view waits: the timer ran, and the write landed.
      setTimeout(() => writer.exec('ROLLBACK'), 200);
      expect((await view.compareAndSet(key, 0, planRecord([]))).ok).toBe(true);
    } finally {
      if (writer.inTransaction) writer.exec('ROLLBACK');
      writer.close();
    }
    // The store's own calls keep its busy timeout; closing the view leaves the store open.
    await view.close();
    expect((await store.get(key))?.version).toBe(1);
    await store.close();
  });

  it('refuses a file written with a newer schema, naming both versions, and leaves it untouched', async () => {
    const path = freshPath();
    await new SqlitePlanStore({ path }).close();
    const db = new Database(path);
    db.prepare(`UPDATE plankeeper_meta SET value = ? WHERE name = 'schema_version'`).run(
      String(SQLITE_SCHEMA_VERSION + 1),
    );
    db.close();
    expect(() => new SqlitePlanStore({ path })).toThrow(StoreSchemaError);
    expect(() => new SqlitePlanStore({ path })).toThrow(
      `uses plan store schema version ${SQLITE_SCHEMA_VERSION + 1}, but this plankeeper knows up to version ${SQLITE_SCHEMA_VERSION}. Upgrade plankeeper`,
    );
    const check = new Database(path, { readonly: true });
    expect(
      check.prepare(`SELECT value FROM plankeeper_meta WHERE name = 'schema_version'`).get(),
    ).toEqual({ value: String(SQLITE_SCHEMA_VERSION + 1) });
    check.close();
  });

  it('refuses a file whose plankeeper_meta table has no schema version', () => {
    const path = join(directory, 'foreign.db');
    const db = new Database(path);
    db.exec('CREATE TABLE plankeeper_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.close();
    expect(() => new SqlitePlanStore({ path })).toThrow(/not written by plankeeper/);
  });

  it('keeps exactly historyLimit revision rows per plan on disk, overwriting the oldest', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path, historyLimit: 4 });
    const other = { agent: 'a', session: 'other' };
    await store.compareAndSet(other, 0, planRecord([]));
    for (let version = 0; version < 3; version++) {
      await store.compareAndSet(key, version, planRecord([{ content: `v${version + 1}` }]));
    }
    expect(count(path, 'plankeeper_revisions')).toBe(1 + 3);
    for (let version = 3; version < 47; version++) {
      await store.compareAndSet(key, version, planRecord([{ content: `v${version + 1}` }]));
    }
    expect(count(path, 'plankeeper_revisions')).toBe(1 + 4);
    expect(
      (await store.history(key)).map((revision) => [
        revision.version,
        revision.record?.items[0]?.content,
      ]),
    ).toEqual([
      [44, 'v44'],
      [45, 'v45'],
      [46, 'v46'],
      [47, 'v47'],
    ]);
    expect((await store.get(key))?.record.items[0]?.content).toBe('v47');
    expect((await store.history(other)).map((revision) => revision.version)).toEqual([1]);
    await store.close();
  });

  it('keeps the history size a plan was created with when reopened with another limit', async () => {
    const path = freshPath();
    const small = new SqlitePlanStore({ path, historyLimit: 2 });
    for (let version = 0; version < 5; version++) {
      await small.compareAndSet(key, version, planRecord([{ content: `v${version + 1}` }]));
    }
    await small.close();
    const large = new SqlitePlanStore({ path, historyLimit: 10 });
    await large.compareAndSet(key, 5, planRecord([{ content: 'v6' }]));
    const fresh = { agent: 'a', session: 'fresh' };
    for (let version = 0; version < 5; version++) {
      await large.compareAndSet(fresh, version, planRecord([{ content: `v${version + 1}` }]));
    }
    expect((await large.history(key)).map((revision) => revision.version)).toEqual([5, 6]);
    expect((await large.get(key))?.record.items[0]?.content).toBe('v6');
    expect((await large.history(fresh)).map((revision) => revision.version)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    await large.close();
  });

  it('reports a plan whose newest revision is missing from the file, naming the key', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path });
    await store.compareAndSet(key, 0, planRecord([]));
    store.db.prepare('DELETE FROM plankeeper_revisions').run();
    await expect(store.get(key)).rejects.toThrow(
      'Plan "a/s" cannot be loaded: its newest revision is missing from the file (damaged store).',
    );
    await store.close();
  });

  it('purges expired plans and their revisions from the file', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path });
    await store.compareAndSet(key, 0, planRecord([]), { ttlMs: 100 });
    await store.compareAndSet({ agent: 'a', session: 'kept' }, 0, planRecord([]));
    await sleep(200);
    await store.list();
    expect(count(path, 'plankeeper_plans')).toBe(1);
    expect(count(path, 'plankeeper_revisions')).toBe(1);
    await store.close();
  });

  it('purges expired harness states of every key from the file on a later state write', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path });
    for (const session of ['one', 'two', 'three']) {
      await store.compareAndSetState({ agent: 'a', session }, 0, { session }, { ttlMs: 100 });
    }
    await store.compareAndSetState({ agent: 'a', session: 'kept' }, 0, { kept: true });
    expect(count(path, 'plankeeper_states')).toBe(4);
    await sleep(200);
    await store.compareAndSetState({ agent: 'a', session: 'kept' }, 1, { kept: true });
    expect(count(path, 'plankeeper_states')).toBe(1);
    // A state write touches no plan row and no revision.
    expect(count(path, 'plankeeper_plans')).toBe(0);
    expect(count(path, 'plankeeper_revisions')).toBe(0);
    await store.close();
  });

  it('reports a stored harness state that is not valid JSON, naming the key', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path });
    await store.compareAndSetState(key, 0, { turn: 't1' });
    store.db.prepare(`UPDATE plankeeper_states SET state = '{"turn":' WHERE key = 'a/s'`).run();
    await expect(store.getState(key)).rejects.toThrow(
      'Plan "a/s" cannot be loaded: its harness state is not valid JSON (corrupt state).',
    );
    await store.close();
  });

  it('delivers to another instance a plan deleted and written again, and one written anew after its expiry', async () => {
    const path = freshPath();
    const writer = new SqlitePlanStore({ path });
    const watcher = new SqlitePlanStore({ path, pollIntervalMs: 10 });
    const seen: string[] = [];
    await watcher.subscribe((change) =>
      seen.push(`${change.key.session} v${change.version}${change.record ? '' : ' deleted'}`),
    );
    const short = { agent: 'a', session: 'short' };
    await writer.compareAndSet(key, 0, planRecord([]));
    await writer.compareAndSet(short, 0, planRecord([]), { ttlMs: 50 });
    await writer.compareAndSet(short, 1, planRecord([]), { ttlMs: 50 });
    await sleep(100);
    await writer.delete(key);
    await writer.compareAndSet(key, 0, planRecord([{ content: 'again' }]));
    await writer.list(); // purges the expired plan and its history
    // Written anew past its old revision count before the watcher looks again.
    for (let version = 0; version < 3; version++) {
      await writer.compareAndSet(short, version, planRecord([{ content: `anew ${version}` }]));
    }
    await sleep(100);
    expect(seen).toEqual([
      's v1',
      'short v1',
      'short v2',
      's v2 deleted',
      's v1',
      'short v1',
      'short v2',
      'short v3',
    ]);
    await watcher.close();
    await writer.close();
  });

  it('rejects a bad historyLimit or TTL as a configuration mistake', async () => {
    expect(() => new SqlitePlanStore({ path: ':memory:', historyLimit: 0 })).toThrow(
      ConfigurationError,
    );
    const store = new SqlitePlanStore({ path: ':memory:' });
    await expect(store.compareAndSet(key, 0, planRecord([]), { ttlMs: -5 })).rejects.toThrow(
      /ttlMs must be a positive number/,
    );
    expect(await store.get(key)).toBeUndefined();
    await store.close();
  });

  it('keeps writing when a listener throws, and warns instead', async () => {
    const store = new SqlitePlanStore({ path: ':memory:' });
    const { messages: warnings, stop: stopCapturing } = captureWarnings();
    try {
      await store.subscribe(() => {
        throw new Error('listener bug');
      });
      expect(await store.compareAndSet(key, 0, planRecord([]))).toEqual({
        ok: true,
        version: 1,
        epoch: anEpoch,
      });
      await sleep(20);
      expect(warnings.some((message) => message.includes('listener bug'))).toBe(true);
    } finally {
      stopCapturing();
      await store.close();
    }
  });

  it('closes idempotently', async () => {
    const store = new SqlitePlanStore({ path: freshPath() });
    await store.close();
    await store.close();
  });
});

describe('SqlitePlanStore arguments', () => {
  it('rejects an expected version that is not a whole number as a caller bug', async () => {
    const store = new SqlitePlanStore({ path: ':memory:' });
    for (const expected of [-1, 1.5, Number.NaN]) {
      await expect(store.compareAndSet(key, expected, planRecord([]))).rejects.toThrow(
        ConfigurationError,
      );
    }
    expect(await store.history(key)).toEqual([]);
    await store.close();
  });
});
