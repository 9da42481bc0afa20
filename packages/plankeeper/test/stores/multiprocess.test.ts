/**
 * Several OS processes add items to ONE plan at the same moment, each through its own
 * PlanEngine over its own connection to a shared store. Compare-and-set across processes
 * must serialize them: every add lands, and ids come out exactly 1..N with none twice.
 * The children run the built package (dist/), as a real deployment would.
 */

import type { PlanStore } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../support/line-workers.js';
import {
  distFile,
  postgresBackend,
  redisBackend,
  type StoreNamespace,
  sqliteBackend,
  waitFor,
  warnIfUnavailable,
} from '../support/store-fixtures.js';

const WORKERS = 4;
const ADDS_PER_WORKER = 30;
const child = new URL('./children/add-items.mjs', import.meta.url).pathname;

describe.each([sqliteBackend, redisBackend, postgresBackend])('$name store', (backend) => {
  const skip = warnIfUnavailable(backend, 'the multi-process test');

  describe.skipIf(skip)('shared by several processes', () => {
    let namespace: StoreNamespace;
    let reader: PlanStore;

    beforeAll(async () => {
      distFile('stores/index.js');
      namespace = await backend.namespace();
    });
    afterAll(async () => {
      await reader?.close();
      await namespace?.cleanup();
    });

    it(`${WORKERS} processes adding to one plan at once: no add lost, ids exactly 1..N`, async () => {
      const key = { agent: 'race', session: `one-plan-${Date.now()}` };
      const workers = Array.from({ length: WORKERS }, (_, index) =>
        startWorker(child, [
          namespace.url,
          JSON.stringify(namespace.storeOptions),
          JSON.stringify(key),
          String(index),
          String(ADDS_PER_WORKER),
        ]),
      );
      try {
        await waitFor(
          () => workers.every((worker) => worker.lines.includes('ready')),
          `every worker to be ready (stderr: ${workers.map((worker) => worker.stderr).join(' | ')})`,
          20_000,
        );
        for (const worker of workers) worker.process.stdin!.end('go\n');
        const codes = await Promise.all(workers.map((worker) => worker.exited));
        expect(codes, workers.map((worker) => worker.stderr).join('\n')).toEqual(
          workers.map(() => 0),
        );
      } finally {
        for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill();
      }

      const total = WORKERS * ADDS_PER_WORKER;
      const reported = workers.flatMap(
        (worker) =>
          (JSON.parse(worker.lines.at(-1)!) as { added: { id: string; content: string }[] }).added,
      );
      // Each process was told a distinct id for each of its adds ...
      expect(reported).toHaveLength(total);
      expect(new Set(reported.map((item) => item.id)).size).toBe(total);

      // ... and the stored plan holds every add under exactly the id its process was told.
      reader = await openStore(namespace.url, namespace.storeOptions);
      const stored = await reader.get(key);
      expect(stored?.version).toBe(total);
      const items = stored!.record.items;
      expect(items.map((item) => Number(item.id)).sort((a, b) => a - b)).toEqual(
        Array.from({ length: total }, (_, index) => index + 1),
      );
      expect(stored!.record.nextId).toBe(total + 1);
      const storedIdOf = new Map(items.map((item) => [item.content, item.id]));
      for (const item of reported) expect(storedIdOf.get(item.content)).toBe(item.id);
      // Items are appended, so each process's own adds appear in the order it made them.
      for (const worker of workers) {
        const ids = (JSON.parse(worker.lines.at(-1)!) as { added: { id: string }[] }).added.map(
          (item) => Number(item.id),
        );
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
    });
  });
});
