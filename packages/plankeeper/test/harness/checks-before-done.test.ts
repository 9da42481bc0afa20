/**
 * PlanHarness with the person's check (`verify`), on a real git work tree and a real check
 * command: a turn that changes nothing runs nothing; a wrong edit is refused with the check's
 * output and the fix goes through; a check that never passes refuses up to the bound, then
 * the person is told; each run is kept in the plan's history.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine, PlanHarness } from 'plankeeper';
import { afterEach, describe, expect, it } from 'vitest';

const key = { agent: 'host', session: 'checks' };
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A work tree with greet.txt and check.mjs, which counts its runs in runs.txt (ignored). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-harness-checks-'));
  folders.push(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  writeFileSync(join(dir, '.gitignore'), 'runs.txt\n');
  writeFileSync(join(dir, 'greet.txt'), 'Hi\n');
  writeFileSync(
    join(dir, 'check.mjs'),
    [
      "import { appendFileSync, readFileSync } from 'node:fs';",
      "appendFileSync('runs.txt', 'x');",
      "const text = readFileSync('greet.txt', 'utf8');",
      "if (text !== 'Hello, world\\n') { console.log('greet.txt is ' + JSON.stringify(text)); process.exit(1); }",
    ].join('\n'),
  );
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start');
  return dir;
}

const runs = (dir: string) => {
  try {
    return readFileSync(join(dir, 'runs.txt'), 'utf8').length;
  } catch {
    return 0;
  }
};

function harness(dir: string, maxRefusals = 3) {
  const engine = new PlanEngine();
  const notices: string[] = [];
  const plan = new PlanHarness({
    engine,
    key,
    verify: { command: 'node check.mjs', cwd: dir, maxRefusals },
    onNotice: (text) => notices.push(text),
  });
  return { engine, plan, notices };
}

describe('PlanHarness: checks before done', () => {
  it('a turn that changes nothing runs no check', async () => {
    const dir = project();
    const { plan } = harness(dir);
    await plan.beginTurn('What does greet.txt say?');
    expect(await plan.checkFinish('It says Hi.')).toBeUndefined();
    expect(runs(dir)).toBe(0);
  });

  it('a wrong edit is refused with the command, exit code and output; the fix goes through and is kept', async () => {
    const dir = project();
    const { plan, engine } = harness(dir);
    await engine.write(key, [{ content: 'Fix the greeting', status: 'in_progress' }]);
    await plan.beginTurn('Make greet.txt say "Hello, world"');
    writeFileSync(join(dir, 'greet.txt'), 'Helo, world\n');
    const bounce = await plan.checkFinish('Done.');
    expect(bounce).toMatchObject({ kind: 'checks', check: 'checks' });
    expect(bounce?.text).toContain('`node check.mjs` fails after your changes (exit 1');
    expect(bounce?.text).toContain('greet.txt is "Helo, world\\n"');
    expect(runs(dir)).toBe(1);
    // Answering again without a change runs nothing new and refuses again, with the same result.
    expect((await plan.checkFinish('Done, really.'))?.kind).toBe('checks');
    expect(runs(dir)).toBe(1);
    writeFileSync(join(dir, 'greet.txt'), 'Hello, world\n');
    await engine.write(key, [{ content: 'Fix the greeting', status: 'completed' }]);
    expect(await plan.checkFinish('Fixed.')).toBeUndefined();
    expect(runs(dir)).toBe(2);
    const checks = (await engine.store.history(key))
      .filter((revision) => revision.source.tool === 'host:check')
      .map((revision) => revision.source.check);
    expect(checks).toMatchObject([
      { command: 'node check.mjs', outcome: 'failed', exit: 1, when: 'answer' },
      { command: 'node check.mjs', outcome: 'passed', when: 'answer' },
    ]);
    expect((await engine.store.get(key))?.record.lastCheck).toMatchObject({ outcome: 'passed' });
    // The next question-only turn runs nothing: the workspace is as the checks passed it.
    await plan.beginTurn('Thanks. Anything else?');
    expect(await plan.checkFinish('No.')).toBeUndefined();
    expect(runs(dir)).toBe(2);
  });

  it('a check that never passes refuses up to the bound, then the answer goes through and the person is told', async () => {
    const dir = project();
    const { plan, notices } = harness(dir, 2);
    await plan.beginTurn('Make greet.txt say "Hello, world"');
    const kinds: (string | undefined)[] = [];
    for (const text of ['Helo\n', 'Hallo\n', 'Hullo\n']) {
      writeFileSync(join(dir, 'greet.txt'), text);
      kinds.push((await plan.checkFinish('Done.'))?.kind);
    }
    expect(kinds).toEqual(['checks', 'checks', undefined]);
    expect(notices).toEqual([
      expect.stringContaining('the check `node check.mjs` still fails (exit 1'),
    ]);
    expect(runs(dir)).toBe(3);
  });

  it("the goal check names the checks' last result instead of asking for self-judgment alone", async () => {
    const dir = project();
    const { plan, engine } = harness(dir);
    await plan.beginTurn('Make greet.txt say "Hello, world"');
    await plan.wrapTool({
      name: 'todo_read',
      run: async () => ({ ok: true }),
      outcome: () => ({ ok: true }),
    });
    writeFileSync(join(dir, 'greet.txt'), 'Hello, world\n');
    await engine.write(key, []);
    const bounce = await plan.checkFinish('Done.');
    expect(bounce?.kind).toBe('goal-check');
    expect(bounce?.text).toContain('`node check.mjs` → exit 0 in');
  });

  it('a malformed verify option fails when the harness is made', () => {
    expect(() => new PlanHarness({ engine: new PlanEngine(), key, verify: '' })).toThrow(
      /verify needs a command/,
    );
  });
});
