/**
 * Several OS processes add items to one plan file at the same moment while a person keeps
 * saving the file in between (a line appended without an id, as an editor's save would
 * add it). Nothing may be lost: every process's add is in the file under the id it was
 * told, every line the person saved is there with an id of its own, and no id is used twice.
 * The children run the built package (dist/), as a real deployment would.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { openPlanFileStore, parsePlanFile } from 'plankeeper/stores/plan-file';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../support/line-workers.js';
import { distFile, waitFor } from '../../support/store-fixtures.js';

const WORKERS = 3;
const ADDS_PER_WORKER = 15;
const PERSON_SAVES = 12;
const child = new URL('../children/plan-file-adds.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a plan file written by several processes and a person at once', () => {
  it('loses no write: every add and every saved line is there, ids all distinct', async () => {
    distFile('stores/plan-file/index.js');
    const file = join(dir, 'PLAN.md');
    writeFileSync(file, '# Plan\n\nWritten by three agents and Ana.\n');
    const workers = Array.from({ length: WORKERS }, (_, index) =>
      startWorker(child, [file, String(index), String(ADDS_PER_WORKER)]),
    );
    try {
      await waitFor(
        () => workers.every((worker) => worker.lines.includes('ready')),
        `every worker to be ready (stderr: ${workers.map((worker) => worker.stderr).join(' | ')})`,
        45_000,
      );
      for (const worker of workers) worker.process.stdin!.end('go\n');
      for (let save = 0; save < PERSON_SAVES; save++) {
        await new Promise((resolve) => setTimeout(resolve, 15));
        appendFileSync(file, `- [ ] Ana's step ${save}\n`);
      }
      const codes = await Promise.all(workers.map((worker) => worker.exited));
      expect(codes, workers.map((worker) => worker.stderr).join('\n')).toEqual(
        workers.map(() => 0),
      );
    } finally {
      for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill();
    }

    // One more read takes in the person's last saves.
    const store = await openPlanFileStore(file, {
      store: await openStore(`sqlite:${join(dir, '.plankeeper', 'plans.db')}`, {
        historyLimit: 1000,
      }),
    });
    const stored = await new PlanEngine({ store }).snapshot(store.key);
    // Every revision, to say which one lost a write when this fails.
    const revisions = (await store.history(store.key, { limit: 1000 })).map(
      (r) =>
        `${r.version} ${r.source.tool} ${r.source.summary} [${r.record?.items.map((i) => i.id).join(',')}]`,
    );
    await store.close();
    const reported = workers.flatMap(
      (worker) =>
        (JSON.parse(worker.lines.at(-1)!) as { added: { id: string; content: string }[] }).added,
    );
    expect(reported).toHaveLength(WORKERS * ADDS_PER_WORKER);
    const idOf = new Map(stored.items.map((item) => [item.content, item.id]));
    const missing = reported.filter((item) => idOf.get(item.content) !== item.id);
    expect(missing, revisions.join('\n')).toEqual([]);
    for (const item of reported) expect(idOf.get(item.content)).toBe(item.id);
    for (let save = 0; save < PERSON_SAVES; save++)
      expect(idOf.has(`Ana's step ${save}`)).toBe(true);
    expect(stored.items).toHaveLength(WORKERS * ADDS_PER_WORKER + PERSON_SAVES);
    expect(new Set(stored.items.map((item) => item.id)).size).toBe(stored.items.length);

    // The file says what the store says, every line numbered, the prose where it was.
    const text = readFileSync(file, 'utf8');
    const lines = parsePlanFile(text).blocks.flatMap((block) =>
      block.kind === 'item' ? [`${block.item.id} ${block.item.content}`] : [],
    );
    expect(lines).toEqual(stored.items.map((item) => `${item.id} ${item.content}`));
    expect(text.startsWith('# Plan\n\nWritten by three agents and Ana.\n- [ ] #')).toBe(true);
  }, 120_000);
});
