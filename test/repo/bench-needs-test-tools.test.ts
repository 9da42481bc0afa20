/**
 * `npm run bench` right after `npm ci` (no test tools yet) says in one line what it needs and
 * how to get it, before any build, and exits 1: no stack trace from a CLI that is not there.
 * Run in a copy of the repository's bench check with no test tools beside it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const copy = mkdtempSync(join(tmpdir(), 'plankeeper-bench-check-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run bench without the test tools', () => {
  it('is checked first, in the bench script itself', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.bench).toMatch(/^node bench\/test-tools-check\.mjs && /);
  });

  it('says what it needs in one line and exits 1', () => {
    cpSync(join(root, 'bench/test-tools-check.mjs'), join(copy, 'bench/test-tools-check.mjs'));
    const run = spawnSync(process.execPath, [join(copy, 'bench/test-tools-check.mjs')], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'npm run bench needs the test tools (the coding-agent CLIs it starts): run `npm run test:tools` once, then `npm run bench` again.\n',
    );
  });

  it('passes once they are installed', () => {
    execFileSync(process.execPath, [join(root, 'bench/test-tools-check.mjs')]);
  });
});
