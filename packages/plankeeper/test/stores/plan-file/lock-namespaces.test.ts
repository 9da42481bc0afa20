/**
 * The plan file's lock across PID namespaces: a writer in a devcontainer (or on another
 * machine sharing the folder) holds a pid this process cannot judge, so its lock is broken
 * only once nobody has touched it for the stale time, never because the pid looks dead
 * here; a lock from this namespace whose holder is gone is still broken at once. The
 * holder is a real child process stopped inside a write, so the lock is what it writes.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { openPlanFileStore } from 'plankeeper/stores/plan-file';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../support/line-workers.js';
import { waitFor } from '../../support/store-fixtures.js';

const child = new URL('../children/plan-file-lock-holder.mjs', import.meta.url).pathname;
let dir: string;
let file: string;
let lock: string;
let holder: Worker | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-lock-'));
  file = join(dir, 'PLAN.md');
  lock = join(dir, '.plankeeper', 'PLAN.md.lock');
  writeFileSync(file, '# Plan\n\n- [ ] #1 Tag the release\n');
});
afterEach(() => {
  if (holder?.process.exitCode === null) holder.process.kill('SIGKILL');
  holder = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A child holding the lock; resolves once it does. */
async function holdLock(staleMs: number): Promise<Worker> {
  holder = startWorker(child, [file, String(staleMs)]);
  const started = holder;
  await waitFor(() => started.lines.includes('holding'), `the lock (${started.stderr})`, 20_000);
  return started;
}

/** The lock a child held, left behind as it is killed: its pid is dead here. */
async function deadHoldersLock(): Promise<string> {
  const worker = await holdLock(30_000);
  const text = readFileSync(lock, 'utf8');
  worker.process.kill('SIGKILL');
  await worker.exited;
  return text;
}

/** Adds one item over the file, waiting `timeoutMs` at most for the lock. */
async function add(timeoutMs: number): Promise<void> {
  const store = await openPlanFileStore(file, { lockTimeoutMs: timeoutMs });
  try {
    await new PlanEngine({ store }).add(store.key, [{ content: 'Announce' }]);
  } finally {
    await store.close();
  }
}

/** The same lock as if taken in a devcontainer: another host name and PID namespace. */
function fromAnotherNamespace(text: string): string {
  const [pid, since] = text.split('\n');
  return `${pid}\n${since}\nhost devcontainer boot 0f0e0d0c-0000-4000-8000-000000000000 pidns pid:[4026532999]\n`;
}

describe("a plan file's lock", () => {
  it('names where its holder runs, beside the pid', async () => {
    const worker = await holdLock(30_000);
    const [pid, since, where] = readFileSync(lock, 'utf8').split('\n');
    expect(Number(pid)).toBe(worker.process.pid);
    expect(Number(since)).toBeGreaterThan(0);
    expect(where).toMatch(/^host \S+/);
  });

  it('from this namespace, its holder gone, is broken at once', async () => {
    const text = await deadHoldersLock();
    writeFileSync(lock, text);
    const started = Date.now();
    await add(5000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(readFileSync(file, 'utf8')).toContain('- [ ] #2 Announce');
  });

  it('from another PID namespace is not broken while fresh, though its pid is dead here', async () => {
    const foreign = fromAnotherNamespace(await deadHoldersLock());
    writeFileSync(lock, foreign);
    await expect(add(400)).rejects.toThrow(
      `${lock}: another writer held this lock for 400 ms; delete it if no plankeeper process is running.`,
    );
    expect(readFileSync(lock, 'utf8')).toBe(foreign);
    expect(readFileSync(file, 'utf8')).not.toContain('Announce');
  });

  it('from another PID namespace is broken once nobody touched it for the stale time', async () => {
    writeFileSync(lock, fromAnotherNamespace(await deadHoldersLock()));
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    await add(5000);
    expect(readFileSync(file, 'utf8')).toContain('- [ ] #2 Announce');
  });

  it('is touched while held, so a slow holder elsewhere is not taken for a gone one', async () => {
    await holdLock(300);
    const first = statSync(lock).mtimeMs;
    await waitFor(() => statSync(lock).mtimeMs > first, 'the holder to touch its lock', 5000);
  });
});
