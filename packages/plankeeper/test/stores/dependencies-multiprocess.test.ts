/**
 * A dependency chain (#1 → #2 → #3) worked through under `enforce` by separate OS
 * processes on one plan, each with its own PlanEngine and connection to a shared store:
 * a process cannot complete an item whose blocker another process has not completed yet,
 * and a race between completing a blocker and completing the item after it never stores a
 * completed item with an open blocker. The children run the built package (dist/).
 */

import type { PlanStore } from 'plankeeper';
import { isOpen, type TodoItem } from 'plankeeper';
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

const child = new URL('./children/dependency-steps.mjs', import.meta.url).pathname;

interface StepOutcome {
  ok: boolean;
  issues?: { code: string; entry?: { id: string }; open?: { id: string }[] }[];
  version: number;
  items: TodoItem[];
}

type Step = { write: unknown[] } | { complete: { id: string; reason: string }[] };

/** Starts one process per step list at the same moment and returns each one's outcomes. */
async function runAtOnce(
  namespace: StoreNamespace,
  key: object,
  stepLists: Step[][],
): Promise<StepOutcome[][]> {
  const workers = stepLists.map((steps) =>
    startWorker(child, [
      namespace.url,
      JSON.stringify(namespace.storeOptions),
      JSON.stringify(key),
      'enforce',
      JSON.stringify(steps),
    ]),
  );
  try {
    await waitFor(
      () => workers.every((worker) => worker.lines.includes('ready')),
      `every process to be ready (stderr: ${workers.map((worker) => worker.stderr).join(' | ')})`,
      20_000,
    );
    for (const worker of workers) worker.process.stdin!.end('go\n');
    const codes = await Promise.all(workers.map((worker) => worker.exited));
    expect(codes, workers.map((worker) => worker.stderr).join('\n')).toEqual(workers.map(() => 0));
  } finally {
    for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill();
  }
  return workers.map((worker) =>
    worker.lines.filter((line) => line !== 'ready').map((line) => JSON.parse(line)),
  );
}

const complete = (id: string): Step => ({ complete: [{ id, reason: `done by a process: ${id}` }] });

/** True when some completed item waits for an item that is still open. */
function outOfOrder(items: readonly TodoItem[]): boolean {
  const byId = new Map(items.map((item) => [item.id, item]));
  return items.some(
    (item) =>
      item.status === 'completed' &&
      (item.blockedBy ?? []).some((id) => {
        const blocker = byId.get(id);
        return blocker !== undefined && isOpen(blocker);
      }),
  );
}

describe.each([sqliteBackend, redisBackend, postgresBackend])('$name store', (backend) => {
  const skip = warnIfUnavailable(backend, 'the multi-process dependency test');

  describe.skipIf(skip)('a dependency chain worked through by several processes', () => {
    let namespace: StoreNamespace;
    let reader: PlanStore;

    beforeAll(async () => {
      distFile('stores/index.js');
      namespace = await backend.namespace();
      reader = await openStore(namespace.url, namespace.storeOptions);
    });
    afterAll(async () => {
      await reader?.close();
      await namespace?.cleanup();
    });

    it('each process completes the next item only once another has completed its blocker', async () => {
      const key = { agent: 'release', session: `chain-${Date.now()}` };
      const [[written] = []] = await runAtOnce(namespace, key, [
        [
          {
            write: [
              { content: 'Run tests', status: 'pending' },
              { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
              { content: 'Deploy', status: 'pending', blockedBy: ['Build'] },
            ],
          },
        ],
      ]);
      expect(written!.items.map((item: TodoItem) => [item.id, item.blockedBy])).toEqual([
        ['1', undefined],
        ['2', ['1']],
        ['3', ['2']],
      ]);

      // A second process may not finish #3 before #2: refused, naming #2, nothing stored.
      const [[early] = []] = await runAtOnce(namespace, key, [[complete('3')]]);
      expect(early!.ok).toBe(false);
      expect(early!.issues).toMatchObject([
        { code: 'blocked', entry: { id: '3' }, open: [{ id: '2' }] },
      ]);
      expect((await reader.get(key))?.version).toBe(1);

      // Three more processes, one step each, in order: every step is accepted.
      for (const id of ['1', '2', '3']) {
        const [[outcome] = []] = await runAtOnce(namespace, key, [[complete(id)]]);
        expect(outcome!.ok, JSON.stringify(outcome!.issues)).toBe(true);
      }
      const stored = await reader.get(key);
      expect(stored?.version).toBe(4);
      expect(stored?.record.items.map((item) => item.status)).toEqual([
        'completed',
        'completed',
        'completed',
      ]);
      expect(stored?.record.items.map((item) => item.blockedBy)).toEqual([undefined, ['1'], ['2']]);
    });

    it('racing processes never store a completed item whose blocker is open', async () => {
      const key = { agent: 'release', session: `race-${Date.now()}` };
      await runAtOnce(namespace, key, [
        [
          {
            write: [
              { content: 'Run tests', status: 'pending' },
              { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
              { content: 'Deploy', status: 'pending', blockedBy: ['Build'] },
            ],
          },
        ],
      ]);
      // Each process tries to finish its item, retrying until its blocker is done.
      const retrying = (id: string): Step[] => Array.from({ length: 40 }, () => complete(id));
      const outcomes = await runAtOnce(namespace, key, [
        retrying('3'),
        retrying('2'),
        [complete('1')],
      ]);
      for (const outcome of outcomes.flat()) {
        if (!outcome.ok) expect(outcome.issues?.[0]?.code).toBe('blocked');
      }
      const history = await reader.history(key);
      for (const revision of history) {
        if (revision.record) expect(outOfOrder(revision.record.items)).toBe(false);
      }
      // #1 was always accepted; the others are done only if their process got to them in time.
      const final = (await reader.get(key))!.record.items;
      expect(final[0]!.status).toBe('completed');
      expect(outOfOrder(final)).toBe(false);
    });
  });
});
