/**
 * `plankeeper todos --plan-file PATH`: shows the plan kept in the file (a person's edits of
 * it taken in first), writes a person's change made with the CLI back into the file, and
 * refuses a path that cannot be a plan file in one line.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCli } from '../support/run-cli.js';

/** The CLI's exit codes: 0 done, 2 bad flags or input. */
const EXIT = { ok: 0, usage: 2 } as const;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-todos-plan-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const todos = (...args: string[]) =>
  runCli(['todos', '--plan-file', 'PLAN.md', ...args], {
    cwd: dir,
    env: { PLANKEEPER_STORE: undefined },
  });

describe('plankeeper todos --plan-file', () => {
  it("shows the file's plan, and writes a change made with the CLI into the file", async () => {
    writeFileSync(
      join(dir, 'PLAN.md'),
      '# Plan\n\nShip on Friday.\n- [ ] #1 Tag\n- [ ] Announce\n',
    );
    const shown = await todos('--history', '0');
    expect(shown.code, shown.stderr).toBe(EXIT.ok);
    expect(shown.stdout).toContain(
      '### Current todo list (0/2 completed)\n- [ ] #1 Tag\n- [ ] #2 Announce',
    );
    const done = await todos('--done', '1', '--reason', 'v1.4.0', '--by', 'Ana');
    expect(done.code, done.stderr).toBe(EXIT.ok);
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(
      '# Plan\n\nShip on Friday.\n- [x] #1 Tag\n  - note: v1.4.0\n- [ ] #2 Announce\n',
    );
  });

  it('refuses a folder, or a file in a folder that does not exist, in one line', async () => {
    mkdirSync(join(dir, 'PLAN.md'));
    const folder = await todos();
    expect(folder.code).toBe(EXIT.usage);
    expect(folder.stderr).toBe(
      `plankeeper: --plan-file: ${join(dir, 'PLAN.md')} is a folder; name a Markdown file, such as PLAN.md.\n`,
    );
    const missing = await runCli(['todos', '--plan-file', 'docs/PLAN.md'], { cwd: dir });
    expect(missing.stderr).toBe(
      `plankeeper: --plan-file: the folder of ${join(dir, 'docs', 'PLAN.md')} does not exist.\n`,
    );
  });

  it('says a file that is not there does not exist, naming no flag the person did not give', async () => {
    const missing = await runCli(['todos', '--plan-file', 'nosuch.md'], { cwd: dir });
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toBe(
      `plankeeper: --plan-file: ${join(dir, 'nosuch.md')} does not exist; check the path, or create it with --add TEXT.\n`,
    );
  });

  it('refuses a symlink loop in one line, with no stack trace', async () => {
    symlinkSync('PLAN.md', join(dir, 'PLAN.md'));
    const loop = await todos();
    expect(loop.code).toBe(EXIT.usage);
    expect(loop.stderr).toBe(
      `plankeeper: --plan-file: ${join(dir, 'PLAN.md')} is a symlink loop; point it at a file.\n`,
    );
    const adding = await todos('--add', 'Tag');
    expect(adding.stderr).toBe(loop.stderr);
  });

  it.each([
    ['en', 'Lines in the plan file that are not items, kept as they are: line 3: "- [?] Ask Ana"'],
    ['zh', '计划文件中不是事项的行，已原样保留：第 3 行："- [?] Ask Ana"'],
  ])('%s: names a line it does not read, present at the first read', async (lang, named) => {
    writeFileSync(join(dir, 'PLAN.md'), '# Plan\n\n- [?] Ask Ana\n- [ ] #1 Tag\n');
    const shown = await todos('--history', '0', '--lang', lang);
    expect(shown.code, shown.stderr).toBe(EXIT.ok);
    expect(shown.stdout).toContain(`\n${named}\n`);
  });
});
