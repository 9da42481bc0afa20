/** `run --script` with `options.evidence` and `options.verify`: the rule and the person's check command. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

function scriptFile(script: unknown, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-evidence-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const file = join(dir, 'script.json');
  writeFileSync(file, JSON.stringify(script));
  return file;
}

const start = {
  tool: 'todo_write',
  args: { todos: [{ content: 'Find the return policy', status: 'in_progress' }] },
};
const done = {
  tool: 'todo_write',
  args: { todos: [{ content: 'Find the return policy', status: 'completed' }] },
};
const search = { tool: 'knowledge_search', args: { query: 'return policy headphones' } };

async function run(
  steps: unknown[],
  options: Record<string, unknown>,
  files?: Record<string, string>,
) {
  const file = scriptFile(
    {
      task: 'Can I return opened headphones?',
      steps,
      options: { goalCheck: false, finishCheck: false, ...options },
    },
    files,
  );
  const { code, stdout } = await runCli(['run', '--script', file, '--json']);
  expect(code).toBe(0);
  const report = JSON.parse(stdout) as {
    messages: { role: string; content: string }[];
    plan: { status: string }[];
  };
  const tools = report.messages.filter((message) => message.role === 'tool');
  return { report, tools };
}

describe('run --script: evidence and verify options', () => {
  it('options.evidence "enforce" refuses a tick with no work, then accepts it after a search', async () => {
    const { tools, report } = await run(
      [start, done, search, done, { final: 'Yes, within 14 days.' }],
      { evidence: 'enforce' },
    );
    expect(tools[1]!.content).toContain(
      'cannot be completed: no tool call has succeeded since it became in_progress',
    );
    expect(tools[3]!.content).toMatch(/^Todo list updated \(1\/1 completed\)/);
    expect(report.plan[0]!.status).toBe('completed');
  });

  it('options.verify runs the command at the final completion and refuses on failure with its last lines', async () => {
    const failing = await run(
      [start, search, done, { final: 'x' }],
      {
        verify: 'node check.mjs',
      },
      { 'check.mjs': "console.log('1 test failed: returns.test');\nprocess.exit(3);\n" },
    );
    expect(failing.tools[2]!.content).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #1 Find the return policy cannot be completed yet: the check `node check.mjs` failed (exit code 3); its last lines:\n1 test failed: returns.test\nFix the cause, then complete the item.',
    );
    expect(failing.report.plan[0]!.status).toBe('in_progress');
    const passing = await run(
      [start, search, done, { final: 'x' }],
      { verify: 'node check.mjs' },
      {
        'check.mjs': 'process.exit(0);\n',
      },
    );
    expect(passing.report.plan[0]!.status).toBe('completed');
  });

  it('rejects an unknown evidence level in the script', async () => {
    const file = scriptFile({ task: 't', steps: [], options: { evidence: 'strict' } });
    const { code, stderr } = await runCli(['run', '--script', file, '--json']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('evidence');
  });
});
