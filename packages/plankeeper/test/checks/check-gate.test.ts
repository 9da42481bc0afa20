/**
 * The gate on real folders and real processes: a git work tree's fingerprint follows the
 * content of what changed and nothing else; a folder outside git is walked; each command
 * ends as passed, failed (with its tail), timed out, or unable to start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckGate, checkSettings, runCheck, workspaceState } from 'plankeeper/checks';
import { afterEach, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-checks-'));
  folders.push(dir);
  return dir;
}

function gitRepo(): string {
  const dir = folder();
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  writeFileSync(join(dir, '.gitignore'), 'build/\n');
  writeFileSync(join(dir, 'greet.txt'), 'Hello\n');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start');
  return dir;
}

describe('workspaceState', () => {
  it('in a git work tree: the same until a file changes, the content counts, ignored files do not', async () => {
    const dir = gitRepo();
    const clean = await workspaceState(dir);
    expect(await workspaceState(dir)).toBe(clean);
    writeFileSync(join(dir, 'greet.txt'), 'Helo\n');
    const typo = await workspaceState(dir);
    expect(typo).not.toBe(clean);
    // A second edit of an already changed file is a change too (status alone would miss it).
    writeFileSync(join(dir, 'greet.txt'), 'Hallo\n');
    expect(await workspaceState(dir)).not.toBe(typo);
    writeFileSync(join(dir, 'greet.txt'), 'Hello\n');
    expect(await workspaceState(dir)).toBe(clean);
    execFileSync('mkdir', ['-p', join(dir, 'build')]);
    writeFileSync(join(dir, 'build', 'out.js'), 'x');
    expect(await workspaceState(dir)).toBe(clean);
  });

  it('an untracked file is work; a path in `ignore` (the plan file) is not', async () => {
    const dir = gitRepo();
    const clean = await workspaceState(dir, { ignore: [join(dir, 'PLAN.md')] });
    writeFileSync(join(dir, 'PLAN.md'), '- [ ] #1 Fix\n');
    expect(await workspaceState(dir, { ignore: [join(dir, 'PLAN.md')] })).toBe(clean);
    writeFileSync(join(dir, 'new.txt'), 'new');
    expect(await workspaceState(dir, { ignore: [join(dir, 'PLAN.md')] })).not.toBe(clean);
  });

  it('outside git: a walk of names and sizes, leaving out node_modules', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'a.txt'), 'a');
    const before = await workspaceState(dir);
    execFileSync('mkdir', ['-p', join(dir, 'node_modules')]);
    writeFileSync(join(dir, 'node_modules', 'dep.js'), 'x');
    expect(await workspaceState(dir)).toBe(before);
    writeFileSync(join(dir, 'a.txt'), 'ab');
    expect(await workspaceState(dir)).not.toBe(before);
  });
});

describe('runCheck and CheckGate', () => {
  const command = (text: string, timeoutMs = 10_000) => ({
    command: text,
    cwd: folder(),
    timeoutMs,
  });

  it('a pass, and a failure with its exit code and the tail of its output', async () => {
    expect(await runCheck(command('node -e "process.exit(0)"'))).toMatchObject({
      outcome: 'passed',
      tail: '',
    });
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\\n');
    const failed = await runCheck(
      command(
        `node -e "console.log('${lines}'); console.error('\\u001b[31mboom\\u001b[0m'); process.exit(3)"`,
      ),
    );
    expect(failed).toMatchObject({ outcome: 'failed', exit: 3 });
    expect(failed.tail.split('\n')).toHaveLength(20);
    expect(failed.tail.endsWith('boom')).toBe(true);
    expect(failed.durationMs).toBeGreaterThan(0);
  });

  it('a command past its time is ended with its children, and one the shell cannot find cannot start', async () => {
    const slow = await runCheck(command('sleep 30 & sleep 30; wait', 300));
    expect(slow.outcome).toBe('timed-out');
    expect(slow.durationMs).toBeLessThan(5_000);
    expect(await runCheck(command('plankeeper-no-such-check --run'))).toMatchObject({
      outcome: 'cannot-start',
      exit: 127,
    });
  });

  it('the gate runs the commands in order and stops at the first failure; one that cannot start blocks nothing', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'log.txt'), '');
    const log = (name: string) => `node -e "require('fs').appendFileSync('log.txt','${name} ')"`;
    const gate = new CheckGate(
      checkSettings(
        [log('a'), 'plankeeper-no-such-check', `${log('b')} && exit 1`, log('c')],
        dir,
      )!,
    );
    const run = await gate.run();
    expect(run.ok).toBe(false);
    expect(run.results.map((r) => r.outcome)).toEqual(['passed', 'cannot-start', 'failed']);
    expect(execFileSync('cat', [join(dir, 'log.txt')], { encoding: 'utf8' })).toBe('a b ');
    expect(gate.timeoutMs).toBe(4 * 300_000);
  });
});
