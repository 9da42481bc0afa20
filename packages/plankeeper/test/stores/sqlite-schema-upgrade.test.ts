/**
 * SQLite schema upgrades: files written by schema versions 1, 2 and 3 open with every
 * plan and its history kept (up to the history limit), deleted plans' history included,
 * and with the harness state table that schema 4 added.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_SCHEMA_VERSION, SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { planRecord } from '../support/store-fixtures.js';

/** Every store here keeps epochs (see the store contract). */
const anEpoch = expect.any(String);

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

/** Schema version 2 differs from 1 only in the revision ids (no AUTOINCREMENT). */
const SCHEMA_V2 = SCHEMA_V1.replace('AUTOINCREMENT', '').replace(
  "'schema_version', '1'",
  "'schema_version', '2'",
);

const plan = (content: string, status = 'pending') =>
  JSON.stringify(planRecord([{ content, status: status as 'pending' }], { updatedAt: 1000 }));

/**
 * A schema 2 file with a live plan (a/long, five revisions), a deleted one (a/gone,
 * whose history ends with the delete) and schema 2's id placeholder row.
 */
function writeV2File(path: string): void {
  const db = new Database(path);
  db.exec(SCHEMA_V2);
  db.prepare(
    `INSERT INTO plankeeper_plans VALUES ('a/long', 'a', 'long', NULL, 5, ?, 1, 1, 1005, NULL)`,
  ).run(plan('v5'));
  const revision = db.prepare(
    `INSERT INTO plankeeper_revisions (id, key, version, at, record, source, origin)
     VALUES (?, ?, ?, ?, ?, ?, 'old')`,
  );
  for (let version = 1; version <= 5; version++) {
    revision.run(
      version * 2,
      'a/long',
      version,
      1000 + version,
      plan(`v${version}`),
      '{"tool":"todo_write"}',
    );
  }
  revision.run(3, 'a/gone', 1, 900, plan('gone'), '{"tool":"todo_write"}');
  revision.run(5, 'a/gone', 2, 950, null, '{"tool":"host:delete"}');
  revision.run(20, '', 0, 960, null, '{"tool":"host:purge"}');
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
  it('opens a version 1 file with its plans and history, as the current version', async () => {
    const path = join(directory, 'v1.db');
    writeV1File(path);
    expect(revisionsTableSql(path)).toContain('AUTOINCREMENT');

    const store = new SqlitePlanStore({ path });
    expect(SQLITE_SCHEMA_VERSION).toBe(4);
    expect(
      store.db.prepare(`SELECT value FROM plankeeper_meta WHERE name = 'schema_version'`).get(),
    ).toEqual({ value: '4' });
    const stored = await store.get(key);
    expect(stored?.version).toBe(2);
    expect(stored?.record.items).toEqual([{ id: '1', content: 'ship it', status: 'completed' }]);
    expect(
      (await store.history(key)).map(({ version, at, source }) => ({ version, at, source })),
    ).toEqual([
      { version: 1, at: 900, source: { tool: 'todo_write', callId: 'c1' } },
      { version: 2, at: 1000, source: { tool: 'todos_complete' } },
    ]);
    // Writing continues from the stored version.
    expect(await store.compareAndSet(key, 2, planRecord([{ content: 'next' }]))).toEqual({
      ok: true,
      version: 3,
      epoch: anEpoch,
    });
    expect((await store.history(key)).map((revision) => revision.version)).toEqual([1, 2, 3]);
    // Every step ran, the one to schema 4 included.
    expect(await store.compareAndSetState(key, 0, { turn: 't1' })).toEqual({
      ok: true,
      version: 1,
    });
    await store.close();
    expect(revisionsTableSql(path)).toContain('PRIMARY KEY (key, slot)');
  });

  it('opens a version 2 file: newest revisions up to the limit, deleted plans keep their history', async () => {
    const path = join(directory, 'v2.db');
    writeV2File(path);
    const store = new SqlitePlanStore({ path, historyLimit: 3 });
    const long = { agent: 'a', session: 'long' };
    const gone = { agent: 'a', session: 'gone' };
    expect((await store.get(long))?.record.items[0]?.content).toBe('v5');
    expect(
      (await store.history(long)).map((revision) => [
        revision.version,
        revision.record?.items[0]?.content,
      ]),
    ).toEqual([
      [3, 'v3'],
      [4, 'v4'],
      [5, 'v5'],
    ]);
    expect(await store.get(gone)).toBeUndefined();
    expect((await store.list()).map((listing) => listing.key.session)).toEqual(['long']);
    expect(
      (await store.history(gone)).map(({ version, record, source }) => [
        version,
        record === null,
        source.tool,
      ]),
    ).toEqual([
      [1, false, 'todo_write'],
      [2, true, 'host:delete'],
    ]);
    // The deleted key starts over at version 1 and its history carries on.
    expect(await store.compareAndSet(gone, 0, planRecord([{ content: 'back' }]))).toEqual({
      ok: true,
      version: 1,
      epoch: anEpoch,
    });
    expect((await store.history(gone)).map((revision) => revision.version)).toEqual([1, 2, 1]);
    expect(await store.compareAndSet(long, 5, planRecord([{ content: 'v6' }]))).toEqual({
      ok: true,
      version: 6,
      epoch: anEpoch,
    });
    expect((await store.history(long)).map((revision) => revision.version)).toEqual([4, 5, 6]);
    await store.close();
  });

  it('opens a version 3 file with its plans and history untouched, and keeps harness states from then on', async () => {
    const path = join(directory, 'v3.db');
    // A schema 3 file as plankeeper wrote it: this code's file without the states table.
    const writer = new SqlitePlanStore({ path, historyLimit: 3 });
    const long = { agent: 'a', session: 'long' };
    const gone = { agent: 'a', session: 'gone' };
    for (let version = 0; version < 5; version++) {
      await writer.compareAndSet(long, version, planRecord([{ content: `v${version + 1}` }]));
    }
    await writer.compareAndSet(gone, 0, planRecord([{ content: 'gone' }]));
    await writer.delete(gone);
    const epoch = (await writer.get(long))?.epoch;
    await writer.close();
    const db = new Database(path);
    db.exec(`DROP TABLE plankeeper_states;
      UPDATE plankeeper_meta SET value = '3' WHERE name = 'schema_version';`);
    db.close();

    const store = new SqlitePlanStore({ path, historyLimit: 3 });
    expect(
      store.db.prepare(`SELECT value FROM plankeeper_meta WHERE name = 'schema_version'`).get(),
    ).toEqual({ value: '4' });
    expect(await store.get(long)).toEqual({
      version: 5,
      record: planRecord([{ content: 'v5' }]),
      epoch,
    });
    expect((await store.history(long)).map((revision) => revision.version)).toEqual([3, 4, 5]);
    expect((await store.history(gone)).map((revision) => revision.record === null)).toEqual([
      false,
      true,
    ]);
    expect(await store.getState(long)).toBeUndefined();
    expect(await store.compareAndSetState(long, 0, { turn: 't1' })).toEqual({
      ok: true,
      version: 1,
    });
    expect(await store.getState(long)).toEqual({ version: 1, state: { turn: 't1' } });
    await store.close();
  });

  it('upgrades once when several stores open the same old file', async () => {
    const path = join(directory, 'v1-shared.db');
    writeV1File(path);
    const stores = [new SqlitePlanStore({ path }), new SqlitePlanStore({ path })];
    for (const store of stores) expect((await store.history(key)).length).toBe(2);
    for (const store of stores) await store.close();
  });
});
