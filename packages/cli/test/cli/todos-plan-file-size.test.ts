/**
 * `plankeeper todos --plan-file` on a file past the plan file's size limit: one line that
 * names the file, the limit and what to do, no stack trace, and the file left as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCli } from '../support/run-cli.js';

/** The CLI's exit code for a run that could not be done. */
const RUN_FAILED = 1;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-todos-plan-file-size-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const todos = (...args: string[]) =>
  runCli(['todos', '--plan-file', 'PLAN.md', ...args], {
    cwd: dir,
    env: { PLANKEEPER_STORE: undefined },
  });

describe('plankeeper todos --plan-file on a file past the limit', () => {
  it('refuses a file of more than 10,000 items in one line', async () => {
    const text = Array.from({ length: 10_001 }, (_, index) => `- [ ] Step ${index + 1}\n`).join('');
    writeFileSync(join(dir, 'PLAN.md'), text);
    const shown = await todos();
    expect(shown.stdout).toBe('');
    expect(shown.stderr).toBe(
      'plankeeper: PLAN.md has 10,001 items; a plan file holds at most 10,000. Move finished items out of it, or split it into two files.\n',
    );
    expect(shown.code).toBe(RUN_FAILED);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(text);
  });

  it('refuses a file over 1 MiB in one line, before reading it', async () => {
    const text = `# Plan\n\n${'x'.repeat(1024 * 1024)}\n`;
    writeFileSync(join(dir, 'PLAN.md'), text);
    const shown = await todos('--add', 'One more');
    expect(shown.stderr).toBe(
      'plankeeper: PLAN.md is 1,048,585 bytes; a plan file holds at most 1,048,576 bytes (1 MiB). Move finished items out of it, or split it into two files.\n',
    );
    expect(shown.code).toBe(RUN_FAILED);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(text);
  });
});
