// Shared lists: how fast 32 sessions claim items of ONE shared list, beside plain writes
// measured in the same run on the same store.
// - plain writes: 32 callers, each with its own PlanEngine (as 32 processes would be) and
//   its own plan, each running the cycle "start an item, set it back to pending" as
//   whole-list writes. No owners, no contention: the store's write rate for this cycle.
// - claims: the same 32 callers, each a session (its own owner) on one shared list of 40
//   items. A claim reads the list, starts a random pending item with a whole-list write
//   and, once that write made it the caller's own, frees it again with releaseOwner (two
//   writes, as in the plain cycle). Every caller writes the same plan, so compare-and-set
//   conflicts and ownership refusals (a whole list sent from a read that another claim
//   made stale) are part of the figure; the share of refused or too-late claim attempts
//   is printed beside it.
// Rows need REDIS_URL and DATABASE_URL for Redis and PostgreSQL; without them they are
// skipped with a note.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { printTable } from './report.mjs';

const CALLERS = 32;
const ITEMS = 40;
const limits = { maxItems: ITEMS };
const contents = Array.from(
  { length: ITEMS },
  (_, index) => `Step ${index + 1}: fix module ${index + 1}`,
);

const list = (items, id, status) =>
  items.map((item) => ({
    id: item.id,
    content: item.content,
    status: item.id === id ? status : item.status,
  }));

/** Runs `cycle(caller)` from CALLERS callers until `total` cycles have started; cycles/s. */
async function rate(cycle, total) {
  let started = 0;
  const begin = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      while (started < total) {
        started++;
        await cycle(caller);
      }
    }),
  );
  return total / (Number(process.hrtime.bigint() - begin) / 1e9);
}

async function plainWrites(store, tag, total) {
  const callers = await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      const engine = new PlanEngine({ store, limits });
      const key = { agent: 'bench', session: `plain-${tag}-${process.pid}-${caller}` };
      await engine.add(
        key,
        contents.map((content) => ({ content })),
      );
      return { engine, key };
    }),
  );
  return rate(async (caller) => {
    const { engine, key } = callers[caller];
    const plan = await engine.snapshot(key);
    const id = plan.items[Math.floor(Math.random() * ITEMS)].id;
    const started = await engine.write(key, list(plan.items, id, 'in_progress'));
    if (!started.ok) throw new Error(JSON.stringify(started.issues));
    const back = await engine.write(key, list(started.snapshot.items, id, 'pending'));
    if (!back.ok) throw new Error(JSON.stringify(back.issues));
  }, total);
}

async function claims(store, tag, total) {
  const key = sharedListKey(`bench-${tag}-${process.pid}`);
  await new PlanEngine({ store, limits }).add(
    key,
    contents.map((content) => ({ content })),
  );
  const engines = Array.from({ length: CALLERS }, () => new PlanEngine({ store, limits }));
  let attempts = 0;
  const perSecond = await rate(async (caller) => {
    const engine = engines[caller];
    const owner = `sess-${caller}`;
    for (; ; await setImmediate()) {
      // A session that lost a claim goes back to its model before it tries again; a retry
      // in the same tick would only spin against the SQLite store's synchronous reads
      // while the winner's write waits for the group commit of the next turn of the loop.
      attempts++;
      const plan = await engine.snapshot(key);
      const pending = plan.items.filter((item) => item.status === 'pending');
      if (pending.length === 0) continue;
      const { id } = pending[Math.floor(Math.random() * pending.length)];
      const started = await engine.write(key, list(plan.items, id, 'in_progress'), { owner });
      const mine = started.ok && started.snapshot.items.find((item) => item.id === id);
      if (mine?.owner !== owner) continue;
      // Freed again for the next claim by the host's release, which is decided on the
      // current plan: a whole list sent back would race the 31 other writers all over.
      const released = await engine.releaseOwner(key, owner);
      if (released.length !== 1) throw new Error(`released ${released.length} items`);
      return;
    }
  }, total);
  const plan = await new PlanEngine({ store, limits }).snapshot(key);
  if (plan.items.some((item) => item.owner !== undefined))
    throw new Error('an item kept its owner');
  return { perSecond, refused: 1 - total / attempts };
}

async function row(name, open, total) {
  const { store, cleanup } = await open();
  try {
    const plain = await plainWrites(store, name, total);
    const claimed = await claims(store, name, total);
    return [
      name,
      Math.round(plain),
      Math.round(claimed.perSecond),
      `${(claimed.refused * 100).toFixed(0)}%`,
      `${((claimed.perSecond / plain) * 100).toFixed(0)}%`,
    ];
  } finally {
    await store.close();
    await cleanup();
  }
}

export default async function claimsBench() {
  const rows = [];
  rows.push(
    await row(
      'memory',
      async () => ({ store: new MemoryPlanStore(), cleanup: async () => {} }),
      1000,
    ),
  );
  const directory = mkdtempSync(join(tmpdir(), 'plankeeper-bench-claims-'));
  rows.push(
    await row(
      'sqlite',
      async () => ({
        store: new SqlitePlanStore({ path: join(directory, 'plans.db') }),
        cleanup: async () => rmSync(directory, { recursive: true, force: true }),
      }),
      300,
    ),
  );
  const notes = [];
  if (process.env.REDIS_URL) {
    const keyPrefix = `plankeeper-bench-claims:${process.pid}:`;
    rows.push(
      await row(
        'redis',
        async () => {
          const store = new RedisPlanStore({ url: process.env.REDIS_URL, keyPrefix });
          return {
            store,
            cleanup: async () => {
              const { Redis } = await import('ioredis');
              const client = new Redis(process.env.REDIS_URL);
              const keys = await client.keys(`${keyPrefix}*`);
              if (keys.length > 0) await client.del(...keys);
              await client.quit();
            },
          };
        },
        300,
      ),
    );
  } else notes.push('redis skipped: REDIS_URL is not set');
  if (process.env.DATABASE_URL) {
    const connectionString = process.env.DATABASE_URL;
    const tablePrefix = `plankeeper_bench_claims_${process.pid}_`;
    rows.push(
      await row(
        'postgres',
        async () => ({
          store: new PostgresPlanStore({ connectionString, tablePrefix }),
          cleanup: async () => {
            const pg = (await import('pg')).default;
            const pool = new pg.Pool({ connectionString, max: 1 });
            const { rows: tables } = await pool.query(
              'SELECT tablename FROM pg_tables WHERE starts_with(tablename, $1)',
              [tablePrefix],
            );
            for (const { tablename } of tables) await pool.query(`DROP TABLE ${tablename} CASCADE`);
            await pool.end();
          },
        }),
        200,
      ),
    );
  } else notes.push('postgres skipped: DATABASE_URL is not set');
  printTable(
    `shared-list claims from ${CALLERS} callers (one list of ${ITEMS} items) vs plain writes (own plans), cycles/s`,
    ['store', 'plain cycles/s', 'claims/s', 'claims refused or late', 'claims vs plain'],
    rows,
  );
  for (const note of notes) console.log(`\n${note}`);
}
