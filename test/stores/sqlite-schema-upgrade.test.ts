/**
 * SQLite schema upgrades and revision ids: a file written by schema version 1 opens
 * with every plan and revision kept, and revision ids never go backwards, even when a
 * purge removes the newest revision (the change feed relies on that).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlanChange } from '../../src/engine/store/plan-store.js';
import { SQLITE_SCHEMA_VERSION } from '../../src/stores/sqlite/sqlite-schema.js';
import { SqlitePlanStore } from '../../src/stores/sqlite/sqlite-store.js';
import { planRecord, sleep } from '../support/store-fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'plankeeper-sqlite-upgrade-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const key = { agent: 'a', session: 's' };

/** The tables as schema version 1 created them, kept here as a fixture. */
const SCHEMA_V1 = `
CREATE TABLE plankeeper_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE plankeeper_plans (
  key TEXT PRIMARY KEY, agent TEXT NOT NULL, session TEXT NOT NULL, scope TEXT,
  version INTEGER NOT NULL, record TEXT NOT NULL, total INTEGER NOT NULL,
  open INTEGER NOT NULL, updated_at INTEGER NOT NULL, expires_at INTEGER);
CREATE INDEX plankeeper_plans_owner ON plankeeper_plans (agent, session);
CREATE INDEX plankeeper_plans_expiry ON plankeeper_plans (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE plankeeper_revisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, version INTEGER NOT NULL,
  at INTEGER NOT NULL, record TEXT, source TEXT NOT NULL, origin TEXT NOT NULL);
CREATE INDEX plankeeper_revisions_key ON plankeeper_revisions (key, id);
INSERT INTO plankeeper_meta VALUES ('schema_version', '1');
`;

function writeV1File(path: string): void {
  const db = new Database(path);
  db.exec(SCHEMA_V1);
  const plan = (content: string, status = 'pending') =>
    JSON.stringify(planRecord([{ content, status: status as 'pending' }], { updatedAt: 1000 }));
  db.prepare(
    `INSERT INTO plankeeper_plans VALUES ('a/s', 'a', 's', NULL, 2, ?, 1, 0, 1000, NULL)`,
  ).run(plan('ship it', 'completed'));
  const revision = db.prepare(
    `INSERT INTO plankeeper_revisions (id, key, version, at, record, source, origin)
     VALUES (?, 'a/s', ?, ?, ?, ?, 'old')`,
  );
  revision.run(7, 1, 900, plan('ship it'), '{"tool":"todo_write","callId":"c1"}');
  revision.run(9, 2, 1000, plan('ship it', 'completed'), '{"tool":"todos_complete"}');
  db.close();
}

function revisionsTableSql(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'plankeeper_revisions'`).get() as {
        sql: string;
      }
    ).sql;
  } finally {
    db.close();
  }
}

describe('SQLite schema upgrade', () => {
  it('opens a version 1 file with its plans, history and revision ids, as version 2', async () => {
    const path = join(directory, 'v1.db');
    writeV1File(path);
    expect(revisionsTableSql(path)).toContain('AUTOINCREMENT');

    const store = new SqlitePlanStore({ path });
    expect(SQLITE_SCHEMA_VERSION).toBe(2);
    expect(
      store.db.prepare(`SELECT value FROM plankeeper_meta WHERE name = 'schema_version'`).get(),
    ).toEqual({ value: '2' });
    const stored = await store.get(key);
    expect(stored?.version).toBe(2);
    expect(stored?.record.items).toEqual([{ id: '1', content: 'ship it', status: 'completed' }]);
    expect(
      (await store.history(key)).map(({ version, at, source }) => ({ version, at, source })),
    ).toEqual([
      { version: 1, at: 900, source: { tool: 'todo_write', callId: 'c1' } },
      { version: 2, at: 1000, source: { tool: 'todos_complete' } },
    ]);
    // Writing continues from the stored version, with ids after the old ones.
    expect(await store.compareAndSet(key, 2, planRecord([{ content: 'next' }]))).toEqual({
      ok: true,
      version: 3,
    });
    expect(store.db.prepare('SELECT max(id) AS id FROM plankeeper_revisions').get()).toEqual({
      id: 10,
    });
    await store.close();
    expect(revisionsTableSql(path)).not.toContain('AUTOINCREMENT');
  });

  it('upgrades once when several stores open the same old file', async () => {
    const path = join(directory, 'v1-shared.db');
    writeV1File(path);
    const stores = [new SqlitePlanStore({ path }), new SqlitePlanStore({ path })];
    for (const store of stores) expect((await store.history(key)).length).toBe(2);
    for (const store of stores) await store.close();
  });
});

describe('SQLite revision ids', () => {
  it('keep growing when a purge removes the newest revision, so pollers miss no change', async () => {
    const path = join(directory, 'ids.db');
    const writer = new SqlitePlanStore({ path });
    const watcher = new SqlitePlanStore({ path, pollIntervalMs: 10 });
    const seen: PlanChange[] = [];
    await watcher.subscribe((change) => seen.push(change));
    const newestId = () =>
      (writer.db.prepare('SELECT max(id) AS id FROM plankeeper_revisions').get() as { id: number })
        .id;

    await writer.compareAndSet({ agent: 'a', session: 'kept' }, 0, planRecord([]));
    await writer.compareAndSet(key, 0, planRecord([{ content: 'short-lived' }]), { ttlMs: 50 });
    const expiredId = newestId();
    await sleep(150); // the watcher has now seen the short-lived plan's revision
    await writer.list(); // purges the expired plan, whose revision was the newest row
    await writer.compareAndSet({ agent: 'a', session: 'later' }, 0, planRecord([]));
    expect(newestId()).toBeGreaterThan(expiredId);
    await sleep(150);
    expect(seen.map((change) => change.key.session)).toEqual(['kept', 's', 'later']);
    // The placeholder holding the id is not a plan and has no history.
    expect((await writer.list()).map((listing) => listing.key.session)).toEqual(['kept', 'later']);
    await watcher.close();
    await writer.close();
  });
});
