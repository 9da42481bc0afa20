// Plan files: one whole-list write (an item started, or set back to pending) to a plan of
// 100 items, kept in a Markdown file over SQLite, beside the same write to the same plan in
// SQLite alone, in the same run on the same machine. The file's write reads the file, looks
// at what was last seen of it, writes the new text beside it, commits to SQLite, looks
// again and renames, all under its lock file; the SQLite row is the baseline.
import { mkdtempSync, rmSync } from 'node:fs';
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

export default async function planFileBench() {
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
