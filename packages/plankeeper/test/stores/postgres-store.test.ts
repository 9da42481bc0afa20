/** PostgreSQL specifics beyond the contract: schema creation and versioning, physical bounds. */
import pg from 'pg';
import { ConfigurationError } from 'plankeeper';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The application_name of the store's change listener, as pg_stat_activity shows it. */
const LISTENER_NAME = 'plankeeper changes';

import { StoreSchemaError } from 'plankeeper/stores';
import { POSTGRES_SCHEMA_VERSION } from 'plankeeper/stores/postgres';
import {
  captureWarnings,
  dropPostgresTables,
  planRecord,
  postgresBackend,
  sleep,
  waitFor,
  warnIfUnavailable,
} from '../support/store-fixtures.js';
import { testTag } from '../support/test-run.js';

/** Every store here keeps epochs (see the store contract). */
const anEpoch = expect.any(String);

const skip = warnIfUnavailable(postgresBackend, 'the PostgreSQL store tests');

describe.skipIf(skip)('PostgresPlanStore', () => {
  const connectionString = process.env.DATABASE_URL!;
  const base = `pk_spec_${testTag()}`;
  let admin: pg.Pool;
  const key = { agent: 'a', session: 's' };
  const count = async (table: string) =>
    Number((await admin.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  beforeAll(() => {
    admin = new pg.Pool({ connectionString, max: 2 });
  });
  afterAll(async () => {
    await dropPostgresTables(admin, base);
    await admin.end();
  });

  it('creates its tables once when many stores start at the same moment', async () => {
    const tablePrefix = `${base}_race_`;
    const stores = Array.from(
      { length: 6 },
      () => new PostgresPlanStore({ connectionString, tablePrefix, poolSize: 1 }),
    );
    await Promise.all(stores.map((store) => store.get(key)));
    expect(await count(`${tablePrefix}meta`)).toBe(1);
    expect(await stores[0]!.compareAndSet(key, 0, planRecord([]))).toEqual({
      ok: true,
      version: 1,
      epoch: anEpoch,
    });
    await Promise.all(stores.map((store) => store.close()));
  });

  it('refuses tables of a newer schema version with a message that says to upgrade', async () => {
    const tablePrefix = `${base}_newer_`;
    const store = new PostgresPlanStore({ connectionString, tablePrefix });
    await store.get(key);
    await store.close();
    await admin.query(`UPDATE ${tablePrefix}meta SET value = $1 WHERE name = 'schema_version'`, [
      String(POSTGRES_SCHEMA_VERSION + 1),
    ]);
    const newer = new PostgresPlanStore({ connectionString, tablePrefix });
    const error = await newer.get(key).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(StoreSchemaError);
    expect((error as Error).message).toContain(
      `schema version ${POSTGRES_SCHEMA_VERSION + 1}, but this plankeeper knows up to version ${POSTGRES_SCHEMA_VERSION}. Upgrade plankeeper`,
    );
    await newer.close();
  });

  it('upgrades schema 1 tables in place; their plans get an epoch on their next write', async () => {
    const tablePrefix = `${base}_v1_`;
    const first = new PostgresPlanStore({ connectionString, tablePrefix });
    await first.compareAndSet(key, 0, planRecord([{ content: 'from schema 1' }]));
    await first.close();
    // Back to what schema 1 had: no epoch column, no states table.
    await admin.query(`ALTER TABLE ${tablePrefix}plans DROP COLUMN epoch`);
    await admin.query(`DROP TABLE ${tablePrefix}states`);
    await admin.query(`UPDATE ${tablePrefix}meta SET value = '1' WHERE name = 'schema_version'`);

    const store = new PostgresPlanStore({ connectionString, tablePrefix });
    const stored = await store.get(key);
    expect(stored).toEqual({ version: 1, record: planRecord([{ content: 'from schema 1' }]) });
    expect(
      (await admin.query(`SELECT value FROM ${tablePrefix}meta WHERE name = 'schema_version'`))
        .rows[0].value,
    ).toBe(String(POSTGRES_SCHEMA_VERSION));
    const written = await store.compareAndSet(key, 1, planRecord([{ content: 'next' }]));
    expect(written).toEqual({ ok: true, version: 2, epoch: anEpoch });
    expect((await store.get(key))?.epoch).toBe(written.ok && written.epoch);
    expect(await store.history(key)).toHaveLength(2);
    // Every step ran, the one to schema 3 included.
    expect(await store.compareAndSetState(key, 0, { turn: 't1' })).toEqual({
      ok: true,
      version: 1,
    });
    await store.close();
  });

  it('upgrades schema 2 tables in place: plans and history untouched, harness states from then on', async () => {
    const tablePrefix = `${base}_v2_`;
    const first = new PostgresPlanStore({ connectionString, tablePrefix });
    await first.compareAndSet(key, 0, planRecord([{ content: 'from schema 2' }]));
    const before = { plan: await first.get(key), history: await first.history(key) };
    await first.close();
    // Back to what schema 2 had: no states table.
    await admin.query(`DROP TABLE ${tablePrefix}states`);
    await admin.query(`UPDATE ${tablePrefix}meta SET value = '2' WHERE name = 'schema_version'`);

    const store = new PostgresPlanStore({ connectionString, tablePrefix });
    expect({ plan: await store.get(key), history: await store.history(key) }).toEqual(before);
    expect(
      (await admin.query(`SELECT value FROM ${tablePrefix}meta WHERE name = 'schema_version'`))
        .rows[0].value,
    ).toBe('3');
    expect(POSTGRES_SCHEMA_VERSION).toBe(3);
    expect(await store.getState(key)).toBeUndefined();
    expect(await store.compareAndSetState(key, 0, { turn: 't1' })).toEqual({
      ok: true,
      version: 1,
    });
    expect(await store.getState(key)).toEqual({ version: 1, state: { turn: 't1' } });
    await store.close();
  });

  it('accepts only plain lower-case table prefixes', () => {
    for (const tablePrefix of ['Plans', 'x; DROP TABLE y', '1abc', 'a-b', 'a'.repeat(41)]) {
      expect(() => new PostgresPlanStore({ connectionString, tablePrefix })).toThrow(
        ConfigurationError,
      );
    }
  });

  it('keeps at most historyLimit revision rows per plan and purges expired plans', async () => {
    const tablePrefix = `${base}_bound_`;
    const store = new PostgresPlanStore({ connectionString, tablePrefix, historyLimit: 4 });
    for (let version = 0; version < 15; version++) {
      await store.compareAndSet(key, version, planRecord([{ content: `v${version}` }]));
    }
    expect(await count(`${tablePrefix}revisions`)).toBe(4);
    await store.compareAndSet({ agent: 'a', session: 'brief' }, 0, planRecord([]), { ttlMs: 100 });
    await sleep(200);
    await store.list();
    expect(await count(`${tablePrefix}plans`)).toBe(1);
    expect(await count(`${tablePrefix}revisions`)).toBe(4);
    await store.close();
  });

  it('keeps harness states in their own table and purges expired ones', async () => {
    const tablePrefix = `${base}_states_`;
    const store = new PostgresPlanStore({ connectionString, tablePrefix });
    await store.compareAndSetState(key, 0, { turn: 't1' });
    expect(await count(`${tablePrefix}plans`)).toBe(0);
    expect(await count(`${tablePrefix}revisions`)).toBe(0);
    const brief = { agent: 'a', session: 'brief' };
    const briefer = { agent: 'a', session: 'briefer' };
    await store.compareAndSetState(brief, 0, { short: true }, { ttlMs: 100 });
    await store.compareAndSetState(briefer, 0, { short: true }, { ttlMs: 100 });
    await sleep(200);
    expect(await store.getState(brief)).toBeUndefined();
    expect(await count(`${tablePrefix}states`)).toBe(2);
    await store.list();
    expect(await count(`${tablePrefix}states`)).toBe(1);
    await store.close();
  });

  it('listens again after its LISTEN connection is cut, delivering what changed meanwhile', async () => {
    const tablePrefix = `${base}_relisten_`;
    const watcher = new PostgresPlanStore({ connectionString, tablePrefix });
    const writer = new PostgresPlanStore({ connectionString, tablePrefix });
    const versions: number[] = [];
    const { messages: warnings, stop: stopCapturing } = captureWarnings();
    try {
      await watcher.subscribe((change) => versions.push(change.version));
      await writer.compareAndSet(key, 0, planRecord([]));
      await waitFor(() => versions.length === 1, 'the first change');
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = $1 AND query LIKE $2`,
        [LISTENER_NAME, `%${tablePrefix}%`],
      );
      expect(rowCount).toBe(1);
      // Written while nobody listens (the watcher waits a second before listening again).
      await writer.compareAndSet(key, 1, planRecord([{ content: 'meanwhile' }]));
      await waitFor(() => versions.length === 2, 'the change made while not listening', 8000);
      await writer.compareAndSet(key, 2, planRecord([{ content: 'after' }]));
      await waitFor(() => versions.length === 3, 'the change after listening again');
      await sleep(300);
      expect(versions).toEqual([1, 2, 3]);
      expect(warnings.some((message) => message.includes('reconnecting'))).toBe(true);
    } finally {
      stopCapturing();
      await watcher.close();
      await writer.close();
    }
  });

  it('delivers changes even with a pool of one connection', async () => {
    const tablePrefix = `${base}_single_`;
    const store = new PostgresPlanStore({ connectionString, tablePrefix, poolSize: 1 });
    const versions: number[] = [];
    const off = await store.subscribe((change) => versions.push(change.version));
    await store.compareAndSet(key, 0, planRecord([]));
    await store.compareAndSet(key, 1, planRecord([]));
    await waitFor(() => versions.length === 2, 'two changes');
    expect(versions).toEqual([1, 2]);
    off();
    await store.close();
  });

  it('leaves a pool it was given open on close', async () => {
    const pool = new pg.Pool({ connectionString, max: 2 });
    const store = new PostgresPlanStore({ pool, tablePrefix: `${base}_given_` });
    await store.compareAndSet(key, 0, planRecord([]));
    await store.subscribe(() => undefined);
    await store.close();
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });
});
