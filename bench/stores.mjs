// Durable stores: plan writes per second next to the raw limit of the same database,
// measured in the same run.
// - store writes: the store's compareAndSet of a 10-item plan (version check, plan row,
//   revision with its source, change notice), one at a time and from 32 callers at once
//   (each on its own plan). Writes started in the same tick share one SQLite transaction
//   or one Redis script call (group commit), so many callers are where a store reaches
//   its throughput. Redis writes log and publish their change only while someone
//   subscribes; they are measured with nobody subscribed and again while one watches.
// - engine writes: a whole plan write through PlanEngine (todo_write / todos_complete
//   cycles: validate, apply, compare-and-set; the engine holds the plan from its previous
//   write, so there is no read). Printed for scale: their extra cost is the engine's CPU
//   work in the agent's process, not database work; the engine bench (section "plan")
//   holds its own targets.
// - the raw limit, as the issue defines it: SQLite one single-row UPDATE per transaction
//   (BEGIN IMMEDIATE ... COMMIT, same file settings); Redis SET throughput measured by
//   redis-benchmark (32 clients, a same-size value) and, beside it, an ioredis pipeline
//   of SETs; PostgreSQL one plain `UPDATE ... SET record = $1, version = version + 1`
//   per write (autocommit).
// The target, at least half the raw limit, is checked for store writes: from 32 callers
// for SQLite (its raw limit is already the most one file takes, one writer at a time)
// and Redis (redis-benchmark runs 32 clients too), one at a time for PostgreSQL (a plain
// UPDATE awaited in turn). Like-for-like floors are printed beside them: for SQLite the
// bare SQL of the store's write; for Redis one GET then one SET awaited in turn, 32 SETs
// in flight, and the server's own time per write script against SET (INFO commandstats);
// for PostgreSQL 32 UPDATEs in flight. SQLite's rows are measured in interleaved rounds
// (see sqliteRows). Also the p99 of one agent step's store work on SQLite (the tool's
// write plus the plan read for the injected plan section). Redis and PostgreSQL rows
// need REDIS_URL and DATABASE_URL; without them they are skipped with a note.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PlanEngine } from 'plankeeper';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
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

/**
 * 32 callers at once, each running its own operation from `operationFor(worker)` (made
 * once, so a plan's versions carry on from run to run); returns a function that runs
 * `total` operations and reports ops/s.
 */
function manyCallers(operationFor) {
  const operations = Array.from({ length: 32 }, (_, worker) => operationFor(worker));
  return (total) => capacity((worker) => operations[worker](), 32, total);
}

/** Engine steps from 32 sessions at once, each its own step stream. */
function concurrentEngineWrites(store, label) {
  const engine = new PlanEngine({ store });
  return manyCallers((worker) =>
    engineStepper(engine, { agent: 'bench', session: `${label}-${process.pid}-${worker}` }),
  );
}

/** compareAndSet alone from 32 callers at once, each on its own plan. */
function concurrentStoreWrites(store, record, label) {
  return manyCallers((worker) =>
    storeWriter(store, { agent: 'bench', session: `${label}-${process.pid}-${worker}` }, record),
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

/** The middle result of several rounds, by ops/s. */
function median(results) {
  return [...results].sort((a, b) => a.opsPerSecond - b.opsPerSecond)[
    Math.floor(results.length / 2)
  ];
}

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
  const perRound = Math.ceil(iterations / ROUNDS);
  const oneAtATime = (operation) => () => measure(operation, { iterations: perRound, warmup: 200 });
  const storeMany = concurrentStoreWrites(store, stored.record, 'sqlite-store-many');
  const engineMany = concurrentEngineWrites(store, 'sqlite-many');

  const kinds = {
    raw: oneAtATime(raw.singleRow),
    rawRing: oneAtATime(raw.ring),
    rawWithHistory: oneAtATime(raw.withHistory),
    store: oneAtATime(storeOp),
    ours: oneAtATime(engineOp),
    concurrentStore: () => storeMany(perRound * 4),
    concurrent: () => engineMany(perRound * 2),
  };
  const rounds = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, run] of Object.entries(kinds)) rounds[kind].push(await run());
  }
  raw.close();

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

/**
 * Redis rounds: store writes from 32 callers and redis-benchmark alternate, and the round
 * with the median ratio of the two is reported, so a slow second on this shared machine
 * moves both sides of a ratio or neither.
 */
const REDIS_ROUNDS = 5;

async function redisRows(url, iterations) {
  const keyPrefix = `plankeeper-bench:${process.pid}:`;
  const store = new RedisPlanStore({ url, keyPrefix });
  const client = new Redis(url);
  const ours = await engineWrites(store, 'redis', iterations);
  const scriptStats = await commandStats(client);
  const storeOnly = await storeWrites(store, ours.key, iterations);
  const scriptTime = serverMicrosPerCall(scriptStats, await commandStats(client), 'evalsha');
  const concurrent = await concurrentEngineWrites(store, 'redis-many')(iterations * 4);
  const { record: planRecord } = await store.get(ours.key);
  const storeMany = concurrentStoreWrites(store, planRecord, 'redis-store-many');
  await storeMany(iterations); // warm-up
  const record = fakeRecord(ours.recordBytes);
  const rawKey = `${keyPrefix}raw`;
  const rounds = [];
  let manyServerMicros = 0;
  for (let round = 0; round < REDIS_ROUNDS; round++) {
    const before = await commandStats(client);
    const writes = await storeMany(iterations * 10);
    const after = await commandStats(client);
    // Server time per write: a call carries a batch of writes, so divide by writes.
    manyServerMicros += (after.evalsha.usec - before.evalsha.usec) / (iterations * 10);
    rounds.push({
      store: writes,
      benchmark: redisBenchmark(url, rawKey, 'x'.repeat(record.length)),
    });
  }
  // The same writes while a subscriber watches: each change is then also logged and
  // published (see redis-scripts.ts), and every one must reach the subscriber.
  let delivered = 0;
  const unsubscribe = await store.subscribe(() => delivered++);
  const watched = await storeMany(iterations * 10);
  const deadline = Date.now() + 10_000;
  while (delivered < iterations * 10 && Date.now() < deadline) await sleep(20);
  unsubscribe();
  if (delivered < iterations * 10) {
    throw new Error(`the subscriber saw ${delivered} of ${iterations * 10} changes`);
  }
  await store.close();
  const benchmarked = rounds.filter((round) => round.benchmark);
  const medianRound = benchmarked.sort(
    (a, b) =>
      a.store.opsPerSecond / a.benchmark.opsPerSecond -
      b.store.opsPerSecond / b.benchmark.opsPerSecond,
  )[Math.floor(benchmarked.length / 2)];
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
  const pipeline = await pipelined();
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
    concurrentStore: medianRound?.store ?? median(rounds.map((round) => round.store)),
    watched,
    // The raw limit the target is checked against: redis-benchmark when it is installed.
    raw: medianRound?.benchmark ?? pipeline,
    benchmark: medianRound?.benchmark,
    roundRatios: benchmarked.map(
      (round) => round.store.opsPerSecond / round.benchmark.opsPerSecond,
    ),
    pipeline,
    rawParallel,
    rawGetSet,
    scriptTime,
    manyScriptTime: manyServerMicros / REDIS_ROUNDS,
    setTime,
  };
}

/**
 * SET throughput by redis-benchmark, Redis's own load generator: 32 clients, one SET in
 * flight each, of `value` to `key`. Undefined when the tool is not installed (it comes
 * with redis-server, in Debian's redis-tools) or the URL needs TLS.
 */
function redisBenchmark(url, key, value) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:') return undefined;
  const args = ['-h', parsed.hostname || '127.0.0.1', '-p', parsed.port || '6379'];
  if (parsed.username) args.push('--user', decodeURIComponent(parsed.username));
  if (parsed.password) args.push('-a', decodeURIComponent(parsed.password));
  const database = parsed.pathname.replace('/', '');
  if (database) args.push('--dbnum', database);
  args.push('-c', '32', '-n', '60000', '--csv', 'SET', key, value);
  const result = spawnSync('redis-benchmark', args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  // Last line: "SET <key> <value>","<requests per second>",...
  const rps = Number(/","([\d.]+)"/.exec(result.stdout.trim().split('\n').at(-1) ?? '')?.[1]);
  return Number.isFinite(rps) && rps > 0 ? { opsPerSecond: rps } : undefined;
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
  const concurrent = await concurrentEngineWrites(store, 'postgres-many')(iterations);
  const { record: planRecord } = await store.get(ours.key);
  const concurrentStore = await concurrentStoreWrites(
    store,
    planRecord,
    'postgres-store-many',
  )(iterations);
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
  return { ours: ours.stats, store: storeOnly, concurrent, concurrentStore, raw, rawParallel };
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

  const redis = results.find(([name]) => name === 'Redis')?.[1];
  if (redis && !redis.benchmark) {
    notes.push(
      'redis-benchmark was not found (it comes with redis-server): the Redis target is checked against the ioredis pipeline of SETs.',
    );
  }
  const rawNames = {
    SQLite: 'single-row UPDATE transactions',
    Redis: redis?.benchmark ? 'redis-benchmark SET, 32 clients' : 'ioredis pipeline of SETs',
    PostgreSQL: 'plain UPDATEs, one at a time',
  };
  // Which store writes the target is checked on (see the comment at the top).
  const checked = {
    SQLite: ['32 callers', 'concurrentStore'],
    Redis: ['32 callers', 'concurrentStore'],
    PostgreSQL: ['one at a time', 'store'],
  };
  const storeRows = [];
  for (const [name, result] of results) {
    storeRows.push([
      name,
      'one at a time',
      result.store.opsPerSecond,
      rawNames[name],
      result.raw.opsPerSecond,
      result.store.opsPerSecond / result.raw.opsPerSecond,
    ]);
    storeRows.push([
      name,
      '32 callers',
      result.concurrentStore.opsPerSecond,
      rawNames[name],
      result.raw.opsPerSecond,
      result.concurrentStore.opsPerSecond / result.raw.opsPerSecond,
    ]);
  }
  if (redis) {
    storeRows.push([
      'Redis',
      '32 callers, watched',
      redis.watched.opsPerSecond,
      rawNames.Redis,
      redis.raw.opsPerSecond,
      redis.watched.opsPerSecond / redis.raw.opsPerSecond,
    ]);
  }
  if (redis?.benchmark) {
    storeRows.push([
      'Redis',
      '32 callers',
      redis.concurrentStore.opsPerSecond,
      'ioredis pipeline of SETs',
      redis.pipeline.opsPerSecond,
      redis.concurrentStore.opsPerSecond / redis.pipeline.opsPerSecond,
    ]);
  }
  printTable(
    'Store plan writes vs the raw database limit (same run)',
    ['store', 'callers', 'store writes/s', 'raw limit', 'raw writes/s', 'store/raw'],
    storeRows,
  );
  printTable(
    'Engine plan writes (validate, apply, store write), same run, against the same raw limit',
    ['store', 'one agent writes/s', 'p99 µs', '32 sessions writes/s', 'one/raw', '32/raw'],
    results.map(([name, { ours, concurrent, raw }]) => [
      name,
      ours.opsPerSecond,
      ours.p99,
      concurrent.opsPerSecond,
      ours.opsPerSecond / raw.opsPerSecond,
      concurrent.opsPerSecond / raw.opsPerSecond,
    ]),
  );
  const sqlite = results[0][1];
  const floors = [
    [
      'SQLite',
      "raw: the store's SQL (plan row + history slot, updated in place), one at a time",
      sqlite.rawRing,
      sqlite.store,
    ],
  ];
  for (const [name, result] of results.slice(1)) {
    if (result.rawGetSet) {
      floors.push([
        name,
        'raw: GET then SET, one agent (two round trips) vs engine writes',
        result.rawGetSet,
        result.ours,
      ]);
      floors.push([
        name,
        'raw: 32 SETs in flight on one ioredis connection vs store writes',
        result.rawParallel,
        result.concurrentStore,
      ]);
    } else {
      floors.push([
        name,
        'raw: 32 UPDATEs in flight vs store writes from 32 callers',
        result.rawParallel,
        result.concurrentStore,
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
  if (redis) {
    printTable(
      'Redis server time (INFO commandstats, same run)',
      ['command', 'server µs per write', 'SETs of server time'],
      [
        ['SET of a same-size value', redis.setTime, 1],
        ['write script, one write per call', redis.scriptTime, redis.scriptTime / redis.setTime],
        [
          "write script, 32 callers (a tick's writes in two calls)",
          redis.manyScriptTime,
          redis.manyScriptTime / redis.setTime,
        ],
      ],
    );
  }
  for (const note of notes) console.log(`NOTE  ${note}`);
  console.log('');
  for (const [name, result] of results) {
    const [callers, field] = checked[name];
    const rate = result[field];
    const ratio = rate.opsPerSecond / result.raw.opsPerSecond;
    verdict(
      `${name} store writes at least 50% of the raw limit (${rawNames[name]})`,
      ratio >= 0.5,
      `${Math.round(rate.opsPerSecond)}/s (${callers}) vs ${Math.round(result.raw.opsPerSecond)}/s = ${(ratio * 100).toFixed(0)}%${result.roundRatios?.length ? ` (median of ${result.roundRatios.length} rounds: ${result.roundRatios.map((value) => `${(value * 100).toFixed(0)}%`).join(', ')})` : ''}`,
    );
  }
  const sqliteStep = sqlite.step;
  verdict(
    'SQLite p99 of one agent step’s store work under 1 ms',
    sqliteStep.p99 < 1000,
    `p99 ${sqliteStep.p99.toFixed(0)} µs, p50 ${sqliteStep.p50.toFixed(0)} µs (write + plan read); without checkpoint fsyncs p99 ${sqlite.stepWithoutCheckpoints.p99.toFixed(0)} µs`,
  );
}
