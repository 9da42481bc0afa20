/**
 * `plankeeper todos --plan-file` on a file it must not write: read-only, not UTF-8, or
 * mid-merge.
 * One line that says what to do, no stack trace, and the file left as it was.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCli } from '../support/run-cli.js';

/** The CLI's exit code for a run that could not be done. */
const RUN_FAILED = 1;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-todos-plan-file-edges-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const todos = (...args: string[]) =>
  runCli(['todos', '--plan-file', 'PLAN.md', ...args], {
    cwd: dir,
    env: { PLANKEEPER_STORE: undefined },
  });

describe('plankeeper todos --plan-file on a file it must not write', () => {
  it('refuses to replace a read-only file, in one line', async () => {
    const text = '# Plan\n\n- [ ] #1 Tag the release\n';
    writeFileSync(join(dir, 'PLAN.md'), text);
    chmodSync(join(dir, 'PLAN.md'), 0o444);
    const added = await todos('--add', 'Announce');
    expect(added.stderr).toBe(
      'plankeeper: PLAN.md is read-only; make it writable (chmod u+w) for plankeeper to write the plan.\n',
    );
    expect(added.code).toBe(RUN_FAILED);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(text);
  });

  it('refuses a file that is not UTF-8, in one line, and leaves its bytes as they were', async () => {
    const bytes = Buffer.from('# Plan\n\nCaf\xe9 au lait.\n- [ ] Tag the release\n', 'latin1');
    writeFileSync(join(dir, 'PLAN.md'), bytes);
    const shown = await todos('--add', 'Announce');
    expect(shown.stderr).toBe(
      'plankeeper: PLAN.md is not UTF-8; save it as UTF-8, then plankeeper reads it again.\n',
    );
    expect(shown.code).toBe(RUN_FAILED);
    expect(readFileSync(join(dir, 'PLAN.md')).equals(bytes)).toBe(true);
  });

  it('refuses a file mid-merge, in one line, and writes no id into it', async () => {
    const text =
      '# Plan\n\n<<<<<<< HEAD\n- [ ] Announce on the blog\n=======\n- [ ] Announce on the list\n>>>>>>> feature\n';
    writeFileSync(join(dir, 'PLAN.md'), text);
    const shown = await todos();
    expect(shown.stderr).toBe(
      'plankeeper: PLAN.md has an unresolved merge conflict (line 3); resolve it and save, then plankeeper reads the file again.\n',
    );
    expect(shown.code).toBe(RUN_FAILED);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(text);
  });
});
