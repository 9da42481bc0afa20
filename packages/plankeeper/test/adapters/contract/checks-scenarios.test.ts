/**
 * The adapter contract for checks before done (option `verify`), on every host that sees
 * the model's answer (`traits.checksAnswers`; the MCP server alone sees none): in a git
 * repository with a real check command that fails until a file is right and counts its runs,
 * a turn that changed nothing runs nothing, a failing check refuses the answer with the
 * command, its exit code and its output, the fixed work goes through with the run kept in the
 * plan's history, and a check that never passes refuses exactly `maxRefusals` times before the
 * answer goes through and the person is told.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Received, type Reply, WRITE_FILE } from './host.js';
import { HOSTS } from './hosts.js';

const TASK = 'Make greet.txt say hello.';
/** Fails until greet.txt says hello; every run adds a line to runs.txt (ignored by git). */
const CHECK = `import { appendFileSync, existsSync, readFileSync } from 'node:fs';
appendFileSync('runs.txt', 'run\\n');
const text = existsSync('greet.txt') ? readFileSync('greet.txt', 'utf8').trim() : '';
if (text !== 'hello') {
  console.log('checking greet.txt');
  console.error(\`greet.txt says "\${text}", expected "hello"\`);
  process.exit(1);
}
`;
/** Never passes. */
const NEVER = `import { appendFileSync } from 'node:fs';
appendFileSync('runs.txt', 'run\\n');
console.error('still broken');
process.exit(2);
`;
/** Only the person's checks in the way: no finish or goal check. */
const ONLY_CHECKS = { finishCheck: false, goalCheck: false };

let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'pk-checks-'));
  writeFileSync(join(repo, 'check.mjs'), CHECK);
  writeFileSync(join(repo, 'never.mjs'), NEVER);
  writeFileSync(join(repo, '.gitignore'), 'runs.txt\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'start');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

const runs = () =>
  existsSync(join(repo, 'runs.txt'))
    ? readFileSync(join(repo, 'runs.txt'), 'utf8').split('\n').length - 1
    : 0;
const write = (text: string): Reply => ({
  call: WRITE_FILE.name,
  input: { path: join(repo, 'greet.txt'), text },
});
const plan = (status: string): Reply => ({
  call: 'todo_write',
  input: { todos: [{ content: 'Make greet.txt say hello', status }] },
});
/** What came back to the model on a call: tool results and the host's user-side texts. */
const readBack = (call: Received[] | undefined) =>
  (call ?? [])
    .filter((message) => message.role === 'tool' || message.role === 'user')
    .map((message) => message.text)
    .join('\n');

const CHECKING = HOSTS.filter((host) => host.traits.checksAnswers);

describe.each(CHECKING)('adapter contract, checks before done: $name', (host) => {
  it('a turn that changed nothing runs no check', async () => {
    const notices: string[] = [];
    const run = await host.run('What does greet.txt say?', [{ text: 'Nothing yet.' }], {
      ...ONLY_CHECKS,
      verify: { command: 'node check.mjs', cwd: repo },
      onNotice: (text) => notices.push(text),
    });
    expect(run.answer).toBe('Nothing yet.');
    expect(run.calls).toHaveLength(1);
    expect(runs()).toBe(0);
    expect(notices).toEqual([]);
  });

  it('a failing check refuses the answer with its command, exit code and output; the fix goes through', async () => {
    const run = await host.run(
      TASK,
      [
        plan('in_progress'),
        write('helo'),
        { text: 'Done.' },
        write('hello'),
        plan('completed'),
        { text: 'Done, fixed.' },
      ],
      { ...ONLY_CHECKS, verify: { command: 'node check.mjs', cwd: repo } },
    );
    expect(run.answer).toBe('Done, fixed.');
    expect(run.calls).toHaveLength(6);
    const refusal = readBack(run.calls[3]);
    expect(refusal).toMatch(
      /Not done yet: the check `node check\.mjs` fails after your changes \(exit 1 in \d+\.\d s\)\. Its last lines:\n```\nchecking greet\.txt\ngreet\.txt says "helo", expected "hello"\n```\nFix the cause, then answer again\. \(Refusal 1 of 3;/,
    );
    expect(readBack(run.calls[2])).not.toContain('Not done yet');
    expect(runs()).toBe(2);
    expect(
      run.checkRuns.map(({ command, outcome, exit, when }) => [command, outcome, exit, when]),
    ).toEqual([
      ['node check.mjs', 'failed', 1, 'answer'],
      ['node check.mjs', 'passed', undefined, 'answer'],
    ]);
    expect(run.checkRuns.every((check) => check.letThrough === undefined)).toBe(true);
  });

  it('a check that never passes refuses exactly maxRefusals times, then the answer goes through and the person is told', async () => {
    const notices: string[] = [];
    const run = await host.run(
      TASK,
      [
        plan('in_progress'),
        write('hello'),
        { text: 'Done.' },
        { text: 'Done.' },
        { text: 'Done, though the check fails.' },
      ],
      {
        ...ONLY_CHECKS,
        verify: { command: 'node never.mjs', cwd: repo, maxRefusals: 2 },
        onNotice: (text) => notices.push(text),
      },
    );
    expect(run.answer).toBe('Done, though the check fails.');
    expect(run.calls).toHaveLength(5);
    expect(readBack(run.calls[3])).toContain('(Refusal 1 of 2;');
    expect(readBack(run.calls[4])).toContain('(Refusal 2 of 2;');
    // The workspace did not change after the first run: the refusals stand on it.
    expect(runs()).toBe(1);
    const stillFailing =
      /^plankeeper: the check `node never\.mjs` still fails \(exit 2 in \d+\.\d s\); the agent's answer went through after 2 refusals\.$/;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(stillFailing);
    // A host with a channel of its own shows it there too (the SDK: `Stop says: …`).
    expect(run.shown).toEqual(
      host.traits.showsNotices ? [expect.stringContaining(notices[0]!)] : [],
    );
    expect(run.checkRuns.map(({ outcome, exit }) => [outcome, exit])).toEqual([['failed', 2]]);
  });
});
