/**
 * `options.dependencies` in a script: the harness run by `plankeeper run --script` uses
 * it for every plan write, and a value that is not a mode is refused before the run.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

function script(dependencies: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-run-deps-')), 'script.json');
  const write = (first: string, second: string) => ({
    tool: 'todo_write',
    args: {
      todos: [
        { content: 'Find the order', status: first },
        { content: 'Answer', status: second, blockedBy: ['Find the order'] },
      ],
    },
  });
  writeFileSync(
    file,
    JSON.stringify({
      task: 'Where is my order?',
      steps: [
        write('in_progress', 'pending'),
        write('in_progress', 'completed'),
        write('completed', 'completed'),
        { final: 'On its way.' },
        { final: 'Checked: on its way.' },
      ],
      options: { dependencies },
    }),
  );
  return file;
}

async function toolResults(dependencies: unknown) {
  const { code, stdout } = await runCli(['run', '--script', script(dependencies), '--json']);
  expect(code).toBe(0);
  const report = JSON.parse(stdout) as { messages: { role: string; content: string }[] };
  return report.messages.filter((message) => message.role === 'tool').map((m) => m.content);
}

describe('plankeeper run: options.dependencies', () => {
  it('enforce: completing an item before its blocker is rejected', async () => {
    expect((await toolResults('enforce'))[1]).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #2 cannot be completed yet: it waits for #1, still open. Complete or cancel it first.',
    );
  });

  it('warn: the same write goes through and says what was still open', async () => {
    expect((await toolResults('warn'))[1]).toBe(
      'Todo list updated (1/2 completed).\nOut of order: #2 is completed while #1, which it waits for, is still open.',
    );
  });

  it('refuses a mode that does not exist, before running', async () => {
    const { code, stderr } = await runCli(['run', '--script', script('strict')]);
    expect(code).toBe(2);
    expect(stderr).toContain('dependencies');
  });
});
