/** SQLite specifics beyond the contract: schema versioning, file layout, physical bounds. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/engine/errors.js';
import { SQLITE_SCHEMA_VERSION } from '../../src/stores/sqlite/sqlite-schema.js';
import { SqlitePlanStore } from '../../src/stores/sqlite/sqlite-store.js';
import { StoreSchemaError } from '../../src/stores/store-errors.js';
import { planRecord, sleep } from '../support/store-fixtures.js';

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

  it('keeps at most historyLimit revision rows per plan on disk, trimming every 16 writes', async () => {
    const path = freshPath();
    const store = new SqlitePlanStore({ path, historyLimit: 4 });
    const other = { agent: 'a', session: 'other' };
    await store.compareAndSet(other, 0, planRecord([]));
    for (let version = 0; version < 32; version++) {
      await store.compareAndSet(key, version, planRecord([{ content: `v${version}` }]));
    }
    // Version 32 was a trimming write: 4 rows of this plan are left, plus the other plan's.
    expect(count(path, 'plankeeper_revisions')).toBe(5);
    for (let version = 32; version < 47; version++) {
      await store.compareAndSet(key, version, planRecord([{ content: `v${version}` }]));
    }
    // Between trims the rows grow by at most 15; history() still shows only the limit.
    expect(count(path, 'plankeeper_revisions')).toBe(5 + 15);
    expect((await store.history(key)).map((revision) => revision.version)).toEqual([
      44, 45, 46, 47,
    ]);
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
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await store.subscribe(() => {
        throw new Error('listener bug');
      });
      expect(await store.compareAndSet(key, 0, planRecord([]))).toEqual({ ok: true, version: 1 });
      await sleep(20);
      expect(warnings.some((message) => message.includes('listener bug'))).toBe(true);
    } finally {
      process.off('warning', onWarning);
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
