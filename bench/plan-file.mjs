// Plan files: a pasted backlog taken in, by size, beside the same items added to SQLite
// alone; the time and heap should grow in step with the items (linear), not with their
// square (before one save became one revision, 5,000 items took 2.8 s and 927 MB and
// 12,000 ran out of memory). Then one whole-list write (an item started, or set back to pending) to a plan of
// 100 items, kept in a Markdown file over SQLite, beside the same write to the same plan in
// SQLite alone, in the same run on the same machine. The file's write reads the file, looks
// at what was last seen of it, writes the new text beside it, commits to SQLite, looks
// again and renames, all under its lock file; the SQLite row is the baseline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { openPlanFileStore } from 'plankeeper/stores/plan-file';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { measure, printTable } from './report.mjs';

const ITEMS = 100;
const limits = { maxItems: ITEMS };
const contents = Array.from(
  { length: ITEMS },
  (_, index) => `Step ${index + 1}: fix module ${index + 1}`,
);

/** Whole-list writes on `store` at `key`: p50, p99 (µs) and writes/s. */
async function writes(store, key) {
  const engine = new PlanEngine({ store, limits });
  await engine.add(
    key,
    contents.map((content) => ({ content })),
  );
  let items = (await engine.snapshot(key)).items;
  const result = await measure(
    async (index) => {
      const active = items.find((item) => item.status === 'in_progress');
      const id = active?.id ?? items[index % ITEMS].id;
      const written = await engine.write(
        key,
        items.map((item) => ({
          id: item.id,
          content: item.content,
          status: item.id === id ? (active ? 'pending' : 'in_progress') : item.status,
        })),
      );
      if (!written.ok) throw new Error(JSON.stringify(written.issues));
      items = written.snapshot.items;
    },
    { iterations: 1000, warmup: 100 },
  );
  await store.close();
  return result;
}

const SIZES = [1000, 5000, 10000];

/** Milliseconds and heap growth (MB) of `operation`, after a collection when one is at hand. */
async function timed(operation) {
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed;
  let peak = heap;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const start = performance.now();
  await operation();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { ms: Math.round(ms), mb: Math.round((peak - heap) / 1e6) };
}

/** A file of `count` pasted lines read in, beside the same items added to SQLite. */
async function pasted(dir, count) {
  const lines = Array.from({ length: count }, (_, index) => `Backlog step ${index + 1}`);
  const sqlite = new SqlitePlanStore({ path: join(dir, `alone-${count}`, 'plans.db') });
  const engine = new PlanEngine({ store: sqlite, limits: { maxItems: count } });
  const alone = await timed(() =>
    engine.add(
      sharedListKey('PLAN.md'),
      lines.map((content) => ({ content })),
    ),
  );
  await sqlite.close();
  const file = join(dir, `PLAN-${count}.md`);
  writeFileSync(file, `# Plan\n\n${lines.map((line) => `- [ ] ${line}\n`).join('')}`);
  const store = await openPlanFileStore(file);
  const fileEngine = new PlanEngine({ store, limits: { maxItems: count } });
  const read = await timed(() => fileEngine.snapshot(store.key));
  await store.close();
  return [count, alone.ms, alone.mb, read.ms, read.mb];
}

export default async function planFileBench() {
  const sized = mkdtempSync(join(tmpdir(), 'plankeeper-bench-plan-file-size-'));
  try {
    const rows = [];
    for (const count of SIZES) rows.push(await pasted(sized, count));
    printTable(
      'a pasted backlog taken in (plan file limit: 10,000 items, 1 MiB)',
      ['items', 'SQLite add ms', 'SQLite MB', 'PLAN.md read ms', 'PLAN.md MB'],
      rows,
    );
  } finally {
    rmSync(sized, { recursive: true, force: true });
  }

  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-bench-plan-file-'));
  try {
    const key = sharedListKey('PLAN.md');
    const sqlite = await writes(new SqlitePlanStore({ path: join(dir, 'alone', 'plans.db') }), key);
    const fileStore = await openPlanFileStore(join(dir, 'PLAN.md'));
    const file = await writes(fileStore, fileStore.key);
    printTable(
      `one whole-list write to a plan of ${ITEMS} items`,
      ['store', 'p50 µs', 'p99 µs', 'writes/s'],
      [
        ['SQLite', sqlite.p50, sqlite.p99, sqlite.opsPerSecond],
        ['PLAN.md over SQLite', file.p50, file.p99, file.opsPerSecond],
      ],
    );
    console.log(`\nThe file costs ${(file.p50 / sqlite.p50).toFixed(1)}x the SQLite write at p50.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
