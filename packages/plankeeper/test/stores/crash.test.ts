/**
 * Kill -9 in the middle of a stream of SQLite writes, many times over, on one file.
 * After every kill the file must open, and the plan must be exactly the record of a
 * committed version: the last one the writer reported, or the one it was committing
 * when it died — never an older one (a lost commit), never a mix (a torn write).
 * The expected record at each version is recomputed by replaying the same
 * deterministic steps through a PlanEngine over the memory store.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { distFile, sleep, waitFor } from '../support/store-fixtures.js';
import { applyStep, clock } from './children/crash-steps.mjs';

const ROUNDS = 25;
const child = new URL('./children/stream-writes.mjs', import.meta.url).pathname;
const key = { agent: 'crash', session: 'stream' };

function readReport(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/** Waits until the writer has reported its first commit, so the kill lands mid-stream. */
function waitForFirstCommit(path: string): Promise<void> {
  const committed = () => /^start \d+\n\d+\n/.test(readReport(path));
  return waitFor(committed, `the writer's first commit (see ${path})`, 15_000);
}

describe('SQLite store under kill -9', () => {
  const directory = mkdtempSync(join(tmpdir(), 'plankeeper-crash-'));
  const path = join(directory, 'plans.db');
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it(`recovers a committed revision after each of ${ROUNDS} kills`, async () => {
    distFile('stores/index.js');
    const replay = new PlanEngine({ store: new MemoryPlanStore(), now: () => clock.now });
    let replayed = 0;
    let previous = 0;
    let killedMidStream = 0;
    let inFlightCommitted = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      const reportPath = join(directory, `round-${round}.log`);
      const writer = spawn(process.execPath, [child, path, reportPath], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      writer.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        writer.on('exit', (_code, signal) => resolve(signal)),
      );
      if (round % 5 === 0) {
        // Some kills land during startup or while the file is being opened.
        await sleep(Math.random() * 150);
      } else {
        // The rest land at a random point of the write stream.
        await waitForFirstCommit(reportPath);
        await sleep(Math.random() * 60);
      }
      writer.kill('SIGKILL');
      expect(await exited, `the writer died on its own: ${stderr}`).toBe('SIGKILL');

      const lines = readReport(reportPath).split('\n').filter(Boolean);
      const started = lines[0]?.startsWith('start ') ? Number(lines[0].slice(6)) : undefined;
      const committed = lines.filter((line) => !line.startsWith('start')).map(Number);
      const lastReported = committed.at(-1) ?? started ?? previous;
      if (started !== undefined)
        expect(started, 'the writer resumed from the stored version').toBe(previous);
      if (committed.length > 0) killedMidStream++;

      const store = new SqlitePlanStore({ path });
      try {
        expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = await store.get(key);
        const version = stored?.version ?? 0;
        expect(version, 'no reported commit may be lost').toBeGreaterThanOrEqual(lastReported);
        expect(version, 'only the one write in flight may be unreported').toBeLessThanOrEqual(
          lastReported + 1,
        );
        while (replayed < version) {
          replayed++;
          const outcome = await applyStep(replay, key, replayed);
          expect(outcome.ok).toBe(true);
        }
        if (version > 0) {
          expect(stored?.record).toEqual((await replay.store.get(key))?.record);
          const newest = (await store.history(key, { limit: 1 }))[0];
          expect(newest?.version).toBe(version);
          expect(newest?.record).toEqual(stored?.record);
        }
        if (version === lastReported + 1) inFlightCommitted++;
        previous = version;
      } finally {
        await store.close();
      }
    }
    console.info(
      `crash test: ${ROUNDS} kills, ${killedMidStream} mid-stream, final version ${previous}, ${inFlightCommitted} with the in-flight write committed but unreported`,
    );
    // Meaningful only if the kills actually interrupted a stream of writes.
    expect(killedMidStream).toBeGreaterThan(ROUNDS / 2);
    expect(previous).toBeGreaterThan(ROUNDS * 5);
  }, 120_000);
});
