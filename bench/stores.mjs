// Durable stores: plan writes per second next to the raw limit of the same database,
// measured in the same run. Three figures per store:
// - engine writes: a whole plan write through PlanEngine (todo_write / todos_complete
//   cycles on a 10-item plan: validate, apply, compare-and-set; the engine holds the plan
//   from its previous write, so there is no read), one agent at a time;
// - store writes: the store's part alone, compareAndSet of that plan (version check,
//   plan row, revision with its source, change notice);
// - the raw limit, as the issue defines it: SQLite one single-row UPDATE transaction
//   (BEGIN IMMEDIATE ... COMMIT, same file settings); Redis SET throughput from an
//   ioredis pipeline of SETs of a same-size value; PostgreSQL one plain
//   `UPDATE ... SET record = $1, version = version + 1` per write (autocommit).
// Like-for-like floors are printed beside them: for SQLite the bare SQL of the store's
// write (the plan row and one history slot, both updated in place) and of a write that
// appends its revision instead; for Redis one GET then one SET awaited in turn (an engine
// write's two round trips before the engine held plans; it now makes one), 32 SETs in
// flight, and the server's own time per
// command (INFO commandstats) for the write script against SET; for Redis and
// PostgreSQL the engine's capacity with 32 sessions writing at once.
// SQLite's rows are measured in interleaved rounds (see sqliteRows). Also the p99 of one
// agent step's store work on SQLite (the tool's write plus the plan read for the injected
// plan section). Redis and PostgreSQL rows need REDIS_URL and DATABASE_URL; without them
// they are skipped with a note.
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

/** Runs `operation(worker, index)` from `workers` callers at once; returns ops/s over `total` ops. */
async function capacity(operation, workers, total) {
  let started = 0;
  const begin = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = 0; started < total; index++) {
        started++;
        await operation(worker, index);
      }
    }),
  );
  return { opsPerSecond: total / (Number(process.hrtime.bigint() - begin) / 1e9) };
}

/** What the store-only writes say made them, as a todos_complete call would. */
const STORE_WRITE_SOURCE = {
  tool: 'todos_complete',
  callId: 'call-1',
  summary: 'completed #3: tests pass',
};

/** An operation that writes `record` to `key` at the next version each time it runs. */
function storeWriter(store, key, record, version = 0) {
  return async () => {
    const result = await store.compareAndSet(key, version, record, { source: STORE_WRITE_SOURCE });
    if (!result.ok) throw new Error('store write refused');
    version = result.version;
  };
}

/** An operation that runs the next engine step of the cycle (see planStep) on `key`. */
function engineStepper(engine, key) {
  let index = 0;
  return async () => {
    const outcome = await planStep(engine, key, index++);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  };
}

/** 32 callers at once, each running its own operation from `operationFor(worker)`. */
function fromManyCallers(operationFor, total) {
  const operations = Array.from({ length: 32 }, (_, worker) => operationFor(worker));
  return capacity((worker) => operations[worker](), 32, total);
}

/** Plan writes from 32 sessions at once, each its own engine step stream. */
function concurrentEngineWrites(store, label, total) {
  const engine = new PlanEngine({ store });
  return fromManyCallers(
    (worker) =>
      engineStepper(engine, { agent: 'bench', session: `${label}-${process.pid}-${worker}` }),
    total,
  );
}

/** compareAndSet alone from 32 callers at once, each on its own plan. */
function concurrentStoreWrites(store, record, label, total) {
  return fromManyCallers(
    (worker) =>
      storeWriter(store, { agent: 'bench', session: `${label}-${process.pid}-${worker}` }, record),
    total,
  );
}

/** compareAndSet alone: the stored plan written again and again at the next version. */
async function storeWrites(store, key, iterations) {
  const stored = await store.get(key);
  return measure(storeWriter(store, key, stored.record, stored.version), {
    iterations,
    warmup: Math.min(500, iterations / 5),
  });
}

async function engineWrites(store, label, iterations) {
  const engine = new PlanEngine({ store });
  const key = { agent: 'bench', session: `${label}-${process.pid}` };
  const stats = await measure(engineStepper(engine, key), {
    iterations,
    warmup: Math.min(500, iterations / 5),
  });
  const stored = await store.get(key);
  return { stats, recordBytes: JSON.stringify(stored.record).length, key };
}

function fakeRecord(bytes) {
  return JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) });
}

/**
 * SQLite writes, interleaved: each of `ROUNDS` rounds measures every kind of write in
 * turn, and each kind reports its median round. The raw limit of this disk and CPU moves
 * by a third from one second to the next on a shared machine; interleaving puts the store
 * and its baselines in the same seconds.
 */
const ROUNDS = 5;

async function sqliteRows(directory, iterations) {
  const store = new SqlitePlanStore({ path: join(directory, 'plans.db') });
  const engine = new PlanEngine({ store });
  const key = { agent: 'bench', session: `sqlite-${process.pid}` };
  const engineOp = engineStepper(engine, key);
  await engineOp();
  const stored = await store.get(key);
  // The store writes go to a plan of their own, so engine and store rounds can alternate.
  const storeOp = storeWriter(store, { ...key, session: `${key.session}-store` }, stored.record);
  const raw = rawSqlite(directory, fakeRecord(JSON.stringify(stored.record).length));

  const kinds = {
    raw: raw.singleRow,
    rawRing: raw.ring,
    rawWithHistory: raw.withHistory,
    store: storeOp,
    ours: engineOp,
  };
  const rounds = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, operation] of Object.entries(kinds)) {
      rounds[kind].push(
        await measure(operation, { iterations: Math.ceil(iterations / ROUNDS), warmup: 200 }),
      );
    }
  }
  raw.close();
  const median = (results) =>
    [...results].sort((a, b) => a.opsPerSecond - b.opsPerSecond)[Math.floor(results.length / 2)];

  // One agent step: the tool's write, then the plan read that feeds the injected section.
  const agentStep = async () => {
    await engineOp();
    await engine.snapshot(key);
  };
  const step = await measure(agentStep, { iterations, warmup: 500 });
  // The same steps with automatic WAL checkpoints off: what is left is the store's own
  // cost, without the disk's fsync that each checkpoint (one per ~4000 WAL pages) does.
  store.db.pragma('wal_autocheckpoint = 0');
  const stepWithoutCheckpoints = await measure(agentStep, { iterations, warmup: 500 });
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return {
    ...Object.fromEntries(Object.entries(rounds).map(([kind, results]) => [kind, median(results)])),
    step,
    stepWithoutCheckpoints,
  };
}

/**
 * The raw SQLite writes, on a file of their own with the same settings: one single-row
 * UPDATE per transaction (the raw limit); the store's own SQL without the store (a small
 * plan row and one slot of a 50-slot history ring, both updated in place, see
 * sqlite-schema.ts); and a write that appends its revision instead (trimmed every 16).
 */
function rawSqlite(directory, record) {
  const db = new Database(join(directory, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE plans (key TEXT PRIMARY KEY, version INTEGER NOT NULL, record TEXT NOT NULL);
    CREATE TABLE revisions (id INTEGER PRIMARY KEY, key TEXT NOT NULL, record TEXT);
    CREATE INDEX revisions_key ON revisions (key, id);
    CREATE TABLE plan_rows (key TEXT PRIMARY KEY, version INTEGER, seq INTEGER,
      total INTEGER, open INTEGER, updated_at INTEGER, expires_at INTEGER);
    CREATE TABLE slots (key TEXT NOT NULL, slot INTEGER NOT NULL, seq INTEGER, version INTEGER,
      at INTEGER, record TEXT, source TEXT, origin TEXT, PRIMARY KEY (key, slot));`);
  db.prepare('INSERT INTO plans VALUES (?, 0, ?)').run('k', record);
  db.prepare('INSERT INTO plans VALUES (?, 0, ?)').run('h', record);
  const update = db.prepare('UPDATE plans SET record = ?, version = version + 1 WHERE key = ?');
  const singleRow = db.transaction(() => update.run(record, 'k'));

  const insert = db.prepare('INSERT INTO revisions (key, record) VALUES (?, ?)');
  const trim = db.prepare(
    'DELETE FROM revisions WHERE key = ? AND id <= (SELECT id FROM revisions WHERE key = ? ORDER BY id DESC LIMIT 1 OFFSET 50)',
  );
  let appended = 0;
  const withHistory = db.transaction(() => {
    update.run(record, 'h');
    insert.run('h', record);
    if (++appended % 16 === 0) trim.run('h', 'h');
  });

  db.prepare("INSERT INTO plan_rows VALUES ('k', 0, 0, 10, 5, 0, NULL)").run();
  const source = '{"tool":"todos_complete","callId":"call-1","summary":"completed #3: tests pass"}';
  const origin = '00000000-0000-4000-8000-000000000000';
  const fill = db.prepare('INSERT INTO slots VALUES (?, ?, 0, 0, 0, ?, ?, ?)');
  for (let slot = 0; slot < 50; slot++) fill.run('k', slot, record, source, origin);
  const updatePlanRow = db.prepare(
    `UPDATE plan_rows SET version = version + 1, seq = seq + 1, updated_at = ?, expires_at = NULL
     WHERE key = ? AND version = ? RETURNING seq`,
  );
  const updateSlot = db.prepare(
    `UPDATE slots SET seq = ?, version = ?, at = ?, record = ?, source = ?, origin = ?
     WHERE key = ? AND slot = ?`,
  );
  let ringVersion = 0;
  const ring = db.transaction(() => {
    const at = Date.now();
    const { seq } = updatePlanRow.get(at, 'k', ringVersion++);
    updateSlot.run(seq, ringVersion, at, record, source, origin, 'k', seq % 50);
  });

  return {
    singleRow: () => singleRow.immediate(),
    withHistory: () => withHistory.immediate(),
    ring: () => ring.immediate(),
    close: () => db.close(),
  };
}

async function redisRows(url, iterations) {
  const keyPrefix = `plankeeper-bench:${process.pid}:`;
  const store = new RedisPlanStore({ url, keyPrefix });
  const client = new Redis(url);
  const ours = await engineWrites(store, 'redis', iterations);
  const scriptStats = await commandStats(client);
  const storeOnly = await storeWrites(store, ours.key, iterations);
  const scriptTime = serverMicrosPerCall(scriptStats, await commandStats(client), 'evalsha');
  const concurrent = await concurrentEngineWrites(store, 'redis-many', iterations * 4);
  const { record: planRecord } = await store.get(ours.key);
  const concurrentStore = await concurrentStoreWrites(
    store,
    planRecord,
    'redis-store-many',
    iterations * 10,
  );
  await store.close();
  const record = fakeRecord(ours.recordBytes);
  const rawKey = `${keyPrefix}raw`;
  await client.set(rawKey, record);
  const pipelined = async () => {
    const count = iterations * 10;
    const pipeline = client.pipeline();
    for (let index = 0; index < count; index++) pipeline.set(rawKey, record);
    const begin = process.hrtime.bigint();
    await pipeline.exec();
    return { opsPerSecond: count / (Number(process.hrtime.bigint() - begin) / 1e9) };
  };
  await pipelined(); // warm-up
  const setStats = await commandStats(client);
  const raw = await pipelined();
  const setTime = serverMicrosPerCall(setStats, await commandStats(client), 'set');
  const rawParallel = await capacity(() => client.set(rawKey, record), 32, iterations * 10);
  const rawGetSet = await measure(
    async () => {
      await client.get(rawKey);
      await client.set(rawKey, record);
    },
    { iterations, warmup: 200 },
  );
  const keys = await client.keys(`${keyPrefix}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
  return {
    ours: ours.stats,
    store: storeOnly,
    concurrent,
    concurrentStore,
    raw,
    rawParallel,
    rawGetSet,
    scriptTime,
    setTime,
  };
}

/** Calls and microseconds per command name, from the server's INFO commandstats. */
async function commandStats(client) {
  const stats = {};
  for (const line of (await client.info('commandstats')).split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line);
    if (match) stats[match[1]] = { calls: Number(match[2]), usec: Number(match[3]) };
  }
  return stats;
}

/** Server time per call of `command` between two commandstats readings (other clients included). */
function serverMicrosPerCall(before, after, command) {
  const calls = (after[command]?.calls ?? 0) - (before[command]?.calls ?? 0);
  const usec = (after[command]?.usec ?? 0) - (before[command]?.usec ?? 0);
  return calls > 0 ? usec / calls : Number.NaN;
}

async function postgresRows(connectionString, iterations) {
  const tablePrefix = `plankeeper_bench_${process.pid}_`;
  const store = new PostgresPlanStore({ connectionString, tablePrefix });
  const ours = await engineWrites(store, 'postgres', iterations);
  const storeOnly = await storeWrites(store, ours.key, iterations);
  const concurrent = await concurrentEngineWrites(store, 'postgres-many', iterations);
  await store.close();
  const pool = new pg.Pool({ connectionString, max: 1 });
  const table = `${tablePrefix}raw`;
  await pool.query(
    `CREATE TABLE ${table} (key text PRIMARY KEY, version integer NOT NULL, record jsonb NOT NULL)`,
  );
  const record = fakeRecord(ours.recordBytes);
  await pool.query(`INSERT INTO ${table} VALUES ('k', 0, $1)`, [record]);
  const update = (key) =>
    pool.query({
      name: 'raw-update',
      text: `UPDATE ${table} SET record = $1, version = version + 1 WHERE key = $2`,
      values: [record, key],
    });
  const raw = await measure(() => update('k'), { iterations, warmup: 100 });
  await pool.end();
  // The same UPDATEs from 32 callers at once, over as many connections as the store's pool.
  const wide = new pg.Pool({ connectionString, max: 10 });
  for (let worker = 0; worker < 32; worker++) {
    await wide.query(`INSERT INTO ${table} VALUES ($1, 0, $2)`, [`k${worker}`, record]);
  }
  const rawParallel = await capacity(
    (worker) =>
      wide.query({
        name: 'raw-update',
        text: `UPDATE ${table} SET record = $1, version = version + 1 WHERE key = $2`,
        values: [record, `k${worker}`],
      }),
    32,
    iterations,
  );
  const { rows } = await wide.query(
    `SELECT tablename FROM pg_tables WHERE starts_with(tablename, $1)`,
    [tablePrefix],
  );
  for (const { tablename } of rows) await wide.query(`DROP TABLE "${tablename}"`);
  await wide.end();
  return { ours: ours.stats, store: storeOnly, concurrent, raw, rawParallel };
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

  const rawNames = {
    SQLite: 'single-row UPDATE transactions',
    Redis: 'pipeline of SETs',
    PostgreSQL: 'plain UPDATEs, one at a time',
  };
  printTable(
    'Plan writes vs the raw database limit (same run; ratios against the raw limit)',
    [
      'store',
      'engine writes/s',
      'p99 µs',
      'store writes/s',
      'p99 µs',
      'raw limit',
      'raw writes/s',
      'engine/raw',
      'store/raw',
    ],
    results.map(([name, { ours, store, raw }]) => [
      name,
      ours.opsPerSecond,
      ours.p99,
      store.opsPerSecond,
      store.p99,
      rawNames[name],
      raw.opsPerSecond,
      ours.opsPerSecond / raw.opsPerSecond,
      store.opsPerSecond / raw.opsPerSecond,
    ]),
  );
  const sqlite = results[0][1];
  const floors = [
    [
      'SQLite',
      "raw: the store's SQL (plan row + history slot, updated in place)",
      sqlite.rawRing,
      sqlite.store,
    ],
  ];
  for (const [name, result] of results.slice(1)) {
    if (result.rawGetSet) {
      floors.push([
        name,
        'raw: GET then SET, one agent (two round trips)',
        result.rawGetSet,
        result.ours,
      ]);
      floors.push([
        name,
        'raw: 32 SETs in flight vs engine writes from 32 sessions',
        result.rawParallel,
        result.concurrent,
      ]);
    } else {
      floors.push([
        name,
        'raw: 32 UPDATEs in flight vs engine writes from 32 sessions',
        result.rawParallel,
        result.concurrent,
      ]);
    }
  }
  printTable(
    'Like-for-like floors (same run): ours vs the nearest raw equivalent',
    ['store', 'raw equivalent', 'raw/s', 'ours/s', 'ours/raw'],
    floors.map(([name, what, raw, ours]) => [
      name,
      what,
      raw.opsPerSecond,
      ours.opsPerSecond,
      ours.opsPerSecond / raw.opsPerSecond,
    ]),
  );
  printTable(
    "SQLite write anatomy (same run): where a plan write's time goes",
    ['what', 'writes/s', 'p50 µs', 'p99 µs'],
    [
      ['raw: single-row UPDATE transaction', sqlite.raw],
      ['raw: UPDATE + revision INSERT (+ trim every 16)', sqlite.rawWithHistory],
      ['raw: plan row + history slot, updated in place', sqlite.rawRing],
      ['store compareAndSet (plan row + history slot)', sqlite.store],
      ['PlanEngine op (validate + compare-and-set)', sqlite.ours],
      ['agent step (op + plan read for injection)', sqlite.step],
      ['agent step, WAL checkpoints off (no fsync)', sqlite.stepWithoutCheckpoints],
    ].map(([what, stats]) => [what, stats.opsPerSecond, stats.p50, stats.p99]),
  );
  const redis = results.find(([name]) => name === 'Redis')?.[1];
  if (redis) {
    printTable(
      'Redis server time per command (INFO commandstats, same run)',
      ['command', 'server µs per call', 'calls per SET'],
      [
        ['SET of a same-size value (the raw limit)', redis.setTime, 1],
        ['plan write script (EVALSHA)', redis.scriptTime, redis.scriptTime / redis.setTime],
      ],
    );
  }
  for (const note of notes) console.log(`NOTE  ${note}`);
  console.log('');
  for (const [name, result] of results) {
    // The issue's target: plan writes at least half the raw limit, checked for the store's
    // write (what the raw limit is a limit of) and for the whole engine write. Redis's raw
    // limit is a pipeline (many writes in flight), so ours are measured 32 at once too.
    const many = name === 'Redis';
    const rates = [
      ['store writes', many ? result.concurrentStore : result.store],
      ['engine writes', many ? result.concurrent : result.ours],
    ];
    for (const [what, rate] of rates) {
      const ratio = rate.opsPerSecond / result.raw.opsPerSecond;
      verdict(
        `${name} ${what} at least 50% of the raw limit (${rawNames[name]})`,
        ratio >= 0.5,
        `${Math.round(rate.opsPerSecond)}/s${many ? ' from 32 callers' : ''} vs ${Math.round(result.raw.opsPerSecond)}/s = ${(ratio * 100).toFixed(0)}%`,
      );
    }
  }
  const sqliteStep = sqlite.step;
  verdict(
    'SQLite p99 of one agent step’s store work under 1 ms',
    sqliteStep.p99 < 1000,
    `p99 ${sqliteStep.p99.toFixed(0)} µs, p50 ${sqliteStep.p50.toFixed(0)} µs (write + plan read); without checkpoint fsyncs p99 ${sqlite.stepWithoutCheckpoints.p99.toFixed(0)} µs`,
  );
}
