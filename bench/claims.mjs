// Shared lists: how fast 32 sessions claim items of ONE shared list, beside plain writes
// measured in the same run on the same store.
// - plain writes: 32 callers, each with its own PlanEngine (as 32 processes would have)
//   and its own plan of 40 items, each reading its plan and writing the whole list back
//   with one item started or set back to pending. No owners, no contention.
// - claims: the same 32 callers, each a session (its own owner) on one shared list of 40
//   items. A claim reads the list, starts a random pending item with a whole-list write
//   and, once that write made the item the caller's own, frees it again with
//   releaseOwner. Every caller writes the same plan, so compare-and-set conflicts and
//   ownership refusals (a whole list sent from a read another claim made stale) are part
//   of the figure; the share of claim attempts refused or too late is printed beside it.
//   A caller that lost yields to the event loop before it reads again, as a session does
//   when it goes back to its model.
// Each figure runs for DURATION_MS. Rows need REDIS_URL and DATABASE_URL for Redis and
// PostgreSQL; without them they are skipped with a note.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { MemoryPlanStore, PlanConflictError, PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { PostgresPlanStore } from 'plankeeper/stores/postgres';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { printTable } from './report.mjs';

const CALLERS = 32;
/** How long each figure runs. */
const DURATION_MS = 3000;
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

/** Runs `cycle(caller)` from CALLERS callers for about `durationMs`; finished cycles per second. */
async function rate(cycle, durationMs) {
  let done = 0;
  const begin = process.hrtime.bigint();
  const deadline = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      while (Date.now() < deadline) {
        await cycle(caller);
        done++;
      }
    }),
  );
  return done / (Number(process.hrtime.bigint() - begin) / 1e9);
}

async function plainWrites(store, tag, durationMs) {
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
  // One whole-list write per cycle: an item started, or set back to pending.
  return rate(async (caller) => {
    const { engine, key } = callers[caller];
    const plan = await engine.snapshot(key);
    const active = plan.items.find((item) => item.status === 'in_progress');
    const id = active?.id ?? plan.items[Math.floor(Math.random() * ITEMS)].id;
    const written = await engine.write(
      key,
      list(plan.items, id, active ? 'pending' : 'in_progress'),
    );
    if (!written.ok) throw new Error(JSON.stringify(written.issues));
  }, durationMs);
}

async function claims(store, tag, durationMs) {
  const key = sharedListKey(`bench-${tag}-${process.pid}`);
  await new PlanEngine({ store, limits }).add(
    key,
    contents.map((content) => ({ content })),
  );
  const engines = Array.from({ length: CALLERS }, () => new PlanEngine({ store, limits }));
  let attempts = 0;
  let claimed = 0;
  let gaveUp = 0;
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
      let started;
      try {
        started = await engine.write(key, list(plan.items, id, 'in_progress'), { owner });
      } catch (error) {
        // Out of compare-and-set attempts: the tool call would fail; the session tries again.
        if (!PlanConflictError.isInstance(error)) throw error;
        gaveUp++;
        continue;
      }
      const mine = started.ok && started.snapshot.items.find((item) => item.id === id);
      if (mine?.owner !== owner) continue;
      // Freed again for the next claim by the host's release, which is decided on the
      // current plan: a whole list sent back would race the 31 other writers all over.
      const released = await engine.releaseOwner(key, owner);
      if (released.length !== 1) throw new Error(`released ${released.length} items`);
      claimed++;
      return;
    }
  }, durationMs);
  const plan = await new PlanEngine({ store, limits }).snapshot(key);
  if (plan.items.some((item) => item.owner !== undefined))
    throw new Error('an item kept its owner');
  return { perSecond, refused: 1 - claimed / attempts, gaveUp };
}

async function row(name, open, durationMs = DURATION_MS) {
  const { store, cleanup } = await open();
  const measured = (async () => {
    const plain = await plainWrites(store, name, durationMs);
    const claimed = await claims(store, name, durationMs);
    return [
      name,
      Math.round(plain),
      Math.round(claimed.perSecond),
      `${(claimed.refused * 100).toFixed(0)}%`,
      `${((claimed.perSecond / plain) * 100).toFixed(0)}%`,
      claimed.gaveUp,
    ];
  })();
  // A store whose claims stall must not hold up the whole run: its row says so instead.
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve(undefined), durationMs * 10);
  });
  const result = await Promise.race([measured, limit]);
  clearTimeout(timer);
  if (result === undefined) {
    store.close().catch(() => {});
    return [name, '-', `did not finish in ${(durationMs * 10) / 1000} s`, '-', '-', '-'];
  }
  await store.close();
  await cleanup();
  return result;
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
    await row('sqlite', async () => ({
      store: new SqlitePlanStore({ path: join(directory, 'plans.db') }),
      cleanup: async () => rmSync(directory, { recursive: true, force: true }),
    })),
  );
  const notes = [];
  if (process.env.REDIS_URL) {
    const keyPrefix = `plankeeper-bench-claims:${process.pid}:`;
    rows.push(
      await row('redis', async () => {
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
      }),
    );
  } else notes.push('redis skipped: REDIS_URL is not set');
  if (process.env.DATABASE_URL) {
    const connectionString = process.env.DATABASE_URL;
    const tablePrefix = `plankeeper_bench_claims_${process.pid}_`;
    rows.push(
      await row('postgres', async () => ({
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
      })),
    );
  } else notes.push('postgres skipped: DATABASE_URL is not set');
  printTable(
    `claims on one shared list of ${ITEMS} items from ${CALLERS} callers, beside plain whole-list writes (own plans)`,
    [
      'store',
      'plain writes/s',
      'claims/s',
      'attempts refused or late',
      'claims / plain writes',
      'writes out of CAS attempts',
    ],
    rows,
  );
  for (const note of notes) console.log(`\n${note}`);
}
