/**
 * `run --script` with `options.verify` as checks before done: the command(s) check the model's
 * answer when the workspace changed (here, by the check's own report file, written when the
 * completion verifier ran it), the transcript shows the refusal and the notice for the person
 * in the run's language, with what the terminal must not obey escaped; `verify` may be a
 * list or an object, and a malformed one is one line naming what to write.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

/** Fails and writes a report beside it on every run, as test runners do. */
const CHECK = `import { appendFileSync } from 'node:fs';
appendFileSync('runs.txt', 'run\\n');
console.error('1 test failed: returns.test');
process.exit(1);
`;

const todo = (status: string) => ({
  tool: 'todo_write',
  args: { todos: [{ content: 'Fix the return test', status }] },
});

/** The script's folder with its check, the script run by `verify`. */
function scriptIn(verify: unknown, locale: 'en' | 'zh' = 'en'): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-run-checks-'));
  writeFileSync(join(dir, 'check.mjs'), CHECK);
  const file = join(dir, 'script.json');
  const script = {
    task: 'Fix the return test.',
    steps: [
      todo('in_progress'),
      // The completion verifier runs the check: refused, and its report changed the folder.
      todo('completed'),
      { final: 'Done.' },
      { final: 'Done, though the test fails.' },
    ],
    options: { locale, verify, finishCheck: false, goalCheck: false },
  };
  writeFileSync(file, JSON.stringify(script));
  return { dir, file };
}

/** The transcript's harness and notice lines, with run times made stable. */
const flagged = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('! '))
    .map((line) => line.replace(/\d+\.\d (s|秒)/g, 'N $1'));

describe('run --script: checks before done', () => {
  it('shows the refusal and the notice for the person (en), the command escaped', async () => {
    // A terminal title sequence in the person's own command is shown, never obeyed.
    const { dir, file } = scriptIn({
      command: 'node check.mjs "\u001b]0;owned\u0007"',
      maxRefusals: 1,
    });
    const { code, stdout, stderr } = await runCli(['run', '--script', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).not.toContain('\u001b');
    expect(flagged(stdout)).toMatchInlineSnapshot(`
      [
        "! checks: Not done yet: the check \`node check.mjs "\\u001b]0;owned\\u0007"\` fails after your changes (exit 1 in N s). Its last lines: \`\`\` 1 test failed:…",
        "! notice: plankeeper: the check \`node check.mjs "\\u001b]0;owned\\u0007"\` still fails (exit 1 in N s); the agent's answer went through after 1 refusal.",
      ]
    `);
    expect(stdout).toContain('Answer:\nDone, though the test fails.');
    // The completion's check, the refused answer's, and the one the answer went through on.
    expect(readFileSync(join(dir, 'runs.txt'), 'utf8')).toBe('run\nrun\nrun\n');
  });

  it('shows them in the run’s language (zh)', async () => {
    const { file } = scriptIn({ command: 'node check.mjs', maxRefusals: 1 }, 'zh');
    const { code, stdout, stderr } = await runCli(['run', '--script', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(flagged(stdout)).toMatchInlineSnapshot(`
      [
        "! 检查命令: 还不能结束：你的改动之后，检查命令 \`node check.mjs\` 未通过（退出码 1，用时 N 秒）。最后几行输出： \`\`\` 1 test failed: returns.test \`\`\` 请修复问题后再答复。（第 1/1 次拒绝；你答复时检查会再次运行。）",
        "! 通知: plankeeper：检查命令 \`node check.mjs\` 仍未通过（退出码 1，用时 N 秒）；已拒绝 1 次，代理的答复已放行。",
      ]
    `);
  });

  it('takes a list, each command in its folder relative to the script; --json tells the person on stderr', async () => {
    const { dir, file } = scriptIn([
      { command: 'node -e "process.exit(0)"', cwd: '.' },
      { command: 'node check.mjs', maxRefusals: 1 },
    ]);
    const { code, stdout, stderr } = await runCli(['run', '--script', file, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { result: string; messages: { content: string }[] };
    expect(report.result).toBe('Done, though the test fails.');
    expect(stderr).toMatch(
      /^plankeeper: the check `node check\.mjs` still fails \(exit 1 in [\d.]+ s\); the agent's answer went through after 1 refusal\.\n$/,
    );
    expect(readFileSync(join(dir, 'runs.txt'), 'utf8')).toBe('run\nrun\nrun\n');
  });

  it('--verify (repeatable) runs here in place of the script’s checks: three refusals by default, then through', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plankeeper-run-checks-'));
    writeFileSync(join(dir, 'check.mjs'), CHECK);
    const file = join(dir, 'script.json');
    const answers = ['Done.', 'Done.', 'Done.', 'Through.'].map((final) => ({ final }));
    const script = {
      task: 'Fix the return test.',
      steps: [todo('in_progress'), todo('completed'), ...answers],
      // Replaced by the flags: this one would pass.
      options: { verify: 'node -e "process.exit(0)"', finishCheck: false, goalCheck: false },
    };
    writeFileSync(file, JSON.stringify(script));
    const { code, stdout, stderr } = await runCli(
      [
        'run',
        '--script',
        file,
        '--json',
        '--verify',
        'node -e "process.exit(0)"',
        '--verify',
        'node check.mjs',
      ],
      { cwd: dir },
    );
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { result: string }).result).toBe('Through.');
    expect(stderr).toMatch(
      /still fails \(exit 1 in [\d.]+ s\); the agent's answer went through after 3 refusals\.\n$/,
    );
    // The completion's run, then one per answer: each run's report changed the folder.
    expect(readFileSync(join(dir, 'runs.txt'), 'utf8')).toBe('run\n'.repeat(5));
  });

  it('refuses a malformed verify in one line that says what to write', async () => {
    const { file } = scriptIn({ cmd: 'npm test' });
    const { code, stdout, stderr } = await runCli(['run', '--script', file, '--json']);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(
      'options.verify: write a command ("npm test"), {"command": "npm test", "cwd"?, "timeoutMs"?, "maxRefusals"?}, or a list of them',
    );
  });
});
