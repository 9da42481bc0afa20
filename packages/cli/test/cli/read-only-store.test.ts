/**
 * `plankeeper todos` on a SQLite store it cannot write: reading works (the file opened
 * read-only), writing says why not in one line, and a path through a file names it.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { withPlanEngine } from '../support/seeded-store.js';

/**
 * Makes `dir` read-only for the CLI run: for root, whom permissions do not stop, the
 * run is made as the unprivileged user `nobody`, who may read but not write there.
 */
function readOnlyFor(dir: string, parents: string[]): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return undefined;
  }
  for (const parent of parents) chmodSync(parent, 0o755);
  chmodSync(dir, 0o755);
  return { uid: 65534, gid: 65534 };
}

describe('plankeeper todos on a store it cannot write', () => {
  it('lists and shows plans, and refuses --delete in one line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'plankeeper-ro-'));
    const dir = join(root, 'store');
    mkdirSync(dir);
    const url = `sqlite:${join(dir, 'plans.db')}`;
    await withPlanEngine(url, (engine) =>
      engine.add({ agent: 'ro', session: 's1' }, [{ content: 'Read me' }]),
    );
    const user = readOnlyFor(dir, [root]);
    const options = user ? { user } : {};

    const listed = await runCli(['todos', '--store', url], options);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ro {2}s1 {2}0\/1 done/m);
    const shown = await runCli(['todos', '--store', url, '--session', 's1'], options);
    expect(shown.stdout).toContain('- [ ] #1 Read me');

    const deleted = await runCli(['todos', '--store', url, '--session', 's1', '--delete'], options);
    expect(deleted.code).not.toBe(0);
    expect(deleted.stderr).toBe(
      `plankeeper: cannot open store ${url}: ${join(dir, 'plans.db')} cannot be written by this process (check the permissions of the file and its directory); pick another path for the store.\n`,
    );
  });

  it('names the file that stands where a directory of the path should be', async () => {
    const root = mkdtempSync(join(tmpdir(), 'plankeeper-ro-'));
    writeFileSync(join(root, 'notes'), 'a file');
    const url = `sqlite:${join(root, 'notes', 'plans.db')}`;
    const { code, stderr } = await runCli(['todos', '--store', url]);
    expect(code).not.toBe(0);
    expect(stderr).toBe(
      `plankeeper: cannot open store ${url}: ${join(root, 'notes')} is a file, not a directory; pick another path for the store.\n`,
    );
  });
});
