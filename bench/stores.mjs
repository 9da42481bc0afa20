// Durable stores: plan writes per second through PlanEngine (todo_write / todos_complete
// cycles on a 10-item plan, each one read + one compare-and-set), next to the raw limit of
// the same database measured in the same run:
// - SQLite: better-sqlite3, one single-row UPDATE transaction (BEGIN IMMEDIATE ... COMMIT)
//   per write on a table of the same shape, same file settings (WAL, synchronous=NORMAL);
// - Redis: ioredis, a GET then a SET of a same-size value, awaited one after the other —
//   the two round trips per write our store makes (HMGET, then the CAS script);
// - PostgreSQL: pg, one plain `UPDATE ... SET record = $1, version = version + 1` per write
//   (autocommit), the cheapest durable single-row write.
// Also the p99 of one agent step's store work on SQLite (the tool's write plus the plan
// read for the injected plan section). Redis and PostgreSQL rows need REDIS_URL and
// DATABASE_URL; without them they are skipped with a note.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PlanEngine } from '../dist/index.js';
import { PostgresPlanStore } from '../dist/stores/postgres/index.js';
import { RedisPlanStore } from '../dist/stores/redis/index.js';
import { SqlitePlanStore } from '../dist/stores/sqlite/index.js';
import { measure, printTable, verdict } from './report.mjs';

const ITEMS = 10;
const contents = Array.from(
  { length: ITEMS },
  (_, index) => `Step ${index + 1}: check the module and update its tests`,
);

/** Step `index` of the cycle: even steps rewrite the list, odd ones complete the active item. */
function planStep(engine, key, index) {
  const active = Math.floor(index / 2) % ITEMS;
  if (index % 2 === 0) {
    return engine.write(
      key,
      contents.map((content, item) => ({
        content,
        status: item < active ? 'completed' : item === active ? 'in_progress' : 'pending',
      })),
    );
  }
  return engine.complete(key, [{ id: String(active + 1), reason: 'tests pass' }]);
}

async function engineWrites(store, label, iterations) {
  const engine = new PlanEngine({ store });
  const key = { agent: 'bench', session: `${label}-${process.pid}` };
  const stats = await measure(
    async (index) => {
      const outcome = await planStep(engine, key, index);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
    },
    { iterations, warmup: Math.min(500, iterations / 5) },
  );
  const stored = await store.get(key);
  return { stats, recordBytes: JSON.stringify(stored.record).length, engine, key };
}

function fakeRecord(bytes) {
  return JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) });
}

async function sqliteRows(directory, iterations) {
  const store = new SqlitePlanStore({ path: join(directory, 'plans.db') });
  const ours = await engineWrites(store, 'sqlite', iterations);
  // One agent step: the tool's write, then the plan read that feeds the injected section.
  let stepIndex = 1_000_000;
  const step = await measure(
    async () => {
      const outcome = await planStep(ours.engine, ours.key, stepIndex++);
      if (!outcome.ok) throw new Error('step refused');
      await ours.engine.snapshot(ours.key);
    },
    { iterations, warmup: 500 },
  );
  // The same steps with automatic WAL checkpoints off: what is left is the store's own
  // cost, without the disk's fsync that each checkpoint (one per ~1000 WAL pages) does.
  store.db.pragma('wal_autocheckpoint = 0');
  const stepWithoutCheckpoints = await measure(
    async () => {
      const outcome = await planStep(ours.engine, ours.key, stepIndex++);
      if (!outcome.ok) throw new Error('step refused');
      await ours.engine.snapshot(ours.key);
    },
    { iterations, warmup: 500 },
  );
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();

  const db = new Database(join(directory, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE plans (key TEXT PRIMARY KEY, version INTEGER NOT NULL, record TEXT NOT NULL);
    CREATE TABLE revisions (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, record TEXT);
    CREATE INDEX revisions_key ON revisions (key, id);`);
  const record = fakeRecord(ours.recordBytes);
  db.prepare('INSERT INTO plans VALUES (?, 0, ?)').run('k', record);
  const update = db.prepare('UPDATE plans SET record = ?, version = version + 1 WHERE key = ?');
  const write = db.transaction(() => update.run(record, 'k'));
  const raw = await measure(() => write.immediate(), { iterations, warmup: 500 });
  // The same statements our store runs per write, without the store: the SQL floor of a
  // write that also keeps a bounded history.
  const insert = db.prepare('INSERT INTO revisions (key, record) VALUES (?, ?)');
  const trim = db.prepare(
    'DELETE FROM revisions WHERE key = ? AND id <= (SELECT id FROM revisions WHERE key = ? ORDER BY id DESC LIMIT 1 OFFSET 50)',
  );
  const writeWithHistory = db.transaction(() => {
    update.run(record, 'k');
    insert.run('k', record);
    trim.run('k', 'k');
  });
  const rawWithHistory = await measure(() => writeWithHistory.immediate(), {
    iterations,
    warmup: 500,
  });
  db.close();
  return { ours: ours.stats, raw, step, stepWithoutCheckpoints, rawWithHistory };
}

async function redisRows(url, iterations) {
  const keyPrefix = `plankeeper-bench:${process.pid}:`;
  const store = new RedisPlanStore({ url, keyPrefix });
  const ours = await engineWrites(store, 'redis', iterations);
  await store.close();
  const client = new Redis(url);
  const record = fakeRecord(ours.recordBytes);
  const rawKey = `${keyPrefix}raw`;
  await client.set(rawKey, record);
  const raw = await measure(
    async () => {
      await client.get(rawKey);
      await client.set(rawKey, record);
    },
    { iterations, warmup: 200 },
  );
  const keys = await client.keys(`${keyPrefix}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
  return { ours: ours.stats, raw };
}

async function postgresRows(connectionString, iterations) {
  const tablePrefix = `plankeeper_bench_${process.pid}_`;
  const store = new PostgresPlanStore({ connectionString, tablePrefix });
  const ours = await engineWrites(store, 'postgres', iterations);
  await store.close();
  const pool = new pg.Pool({ connectionString, max: 1 });
  const table = `${tablePrefix}raw`;
  await pool.query(
    `CREATE TABLE ${table} (key text PRIMARY KEY, version integer NOT NULL, record jsonb NOT NULL)`,
  );
  const record = fakeRecord(ours.recordBytes);
  await pool.query(`INSERT INTO ${table} VALUES ('k', 0, $1)`, [record]);
  const raw = await measure(
    () =>
      pool.query({
        name: 'raw-update',
        text: `UPDATE ${table} SET record = $1, version = version + 1 WHERE key = $2`,
        values: [record, 'k'],
      }),
    { iterations, warmup: 100 },
  );
  const { rows } = await pool.query(
    `SELECT tablename FROM pg_tables WHERE starts_with(tablename, $1)`,
    [tablePrefix],
  );
  for (const { tablename } of rows) await pool.query(`DROP TABLE "${tablename}"`);
  await pool.end();
  return { ours: ours.stats, raw };
}

export default async function run() {
  const directory = mkdtempSync(join(tmpdir(), 'plankeeper-bench-'));
  const results = [];
  const notes = [];
  try {
    results.push(['SQLite', await sqliteRows(directory, 5000)]);
    if (process.env.REDIS_URL)
      results.push(['Redis', await redisRows(process.env.REDIS_URL, 3000)]);
    else notes.push('Redis skipped: REDIS_URL is not set.');
    if (process.env.DATABASE_URL) {
      results.push(['PostgreSQL', await postgresRows(process.env.DATABASE_URL, 2000)]);
    } else notes.push('PostgreSQL skipped: DATABASE_URL is not set.');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }

  printTable(
    'Plan writes through PlanEngine vs the raw database limit (same run)',
    [
      'store',
      'plan writes/s',
      'p50 µs',
      'p99 µs',
      'raw writes/s',
      'raw p50 µs',
      'raw p99 µs',
      'ours/raw',
    ],
    results.map(([name, { ours, raw }]) => [
      name,
      ours.opsPerSecond,
      ours.p50,
      ours.p99,
      raw.opsPerSecond,
      raw.p50,
      raw.p99,
      ours.opsPerSecond / raw.opsPerSecond,
    ]),
  );
  const sqlite = results[0][1];
  printTable(
    "SQLite write anatomy (same run): where a plan write's time goes",
    ['what', 'writes/s', 'p50 µs', 'p99 µs'],
    [
      ['raw: single-row UPDATE transaction', sqlite.raw],
      ['raw: UPDATE + revision INSERT + trim', sqlite.rawWithHistory],
      ['PlanEngine op (read + compare-and-set)', sqlite.ours],
      ['agent step (op + plan read for injection)', sqlite.step],
      ['agent step, WAL checkpoints off (no fsync)', sqlite.stepWithoutCheckpoints],
    ].map(([what, stats]) => [what, stats.opsPerSecond, stats.p50, stats.p99]),
  );
  for (const note of notes) console.log(`NOTE  ${note}`);
  console.log('');
  for (const [name, { ours, raw }] of results) {
    const ratio = ours.opsPerSecond / raw.opsPerSecond;
    verdict(
      `${name} plan writes at least 50% of the raw limit`,
      ratio >= 0.5,
      `${Math.round(ours.opsPerSecond)}/s vs ${Math.round(raw.opsPerSecond)}/s = ${(ratio * 100).toFixed(0)}%`,
    );
  }
  const sqliteStep = sqlite.step;
  verdict(
    'SQLite p99 of one agent step’s store work under 1 ms',
    sqliteStep.p99 < 1000,
    `p99 ${sqliteStep.p99.toFixed(0)} µs, p50 ${sqliteStep.p50.toFixed(0)} µs (write + plan read); without checkpoint fsyncs p99 ${sqlite.stepWithoutCheckpoints.p99.toFixed(0)} µs`,
  );
}
