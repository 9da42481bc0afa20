/** `run --script` with `options.approval`: a non-plan call is held until a person approves. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const plan = {
  tool: 'todo_write',
  args: { todos: [{ content: 'Find the return policy', status: 'pending' }] },
};
const search = { tool: 'knowledge_search', args: { query: 'return policy headphones' } };

async function run(options: Record<string, unknown>) {
  const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-run-approval-')), 'script.json');
  writeFileSync(
    file,
    JSON.stringify({
      task: 'Can I return opened headphones?',
      steps: [plan, search, { final: 'The plan is ready for your review.' }],
      options: { goalCheck: false, ...options },
    }),
  );
  return runCli(['run', '--script', file, '--json']);
}

function toolResults(stdout: string) {
  const report = JSON.parse(stdout) as {
    messages: { role: string; content: string }[];
    result: string | null;
    error: string | null;
  };
  return { report, tools: report.messages.filter((message) => message.role === 'tool') };
}

describe('run --script: options.approval', () => {
  it('holds the search while the plan waits; the answer asking for a review ends the run', async () => {
    const { code, stdout } = await run({ approval: 'required' });
    expect(code).toBe(0);
    const { report, tools } = toolResults(stdout);
    expect(tools[0]!.content).toMatch(/^Todo list updated \(0\/1 completed\)/);
    expect(tools[1]!.content).toBe(
      "Held: knowledge_search did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.",
    );
    expect(report).toMatchObject({ result: 'The plan is ready for your review.', error: null });
  });

  it('runs the tools named in allow while the plan waits', async () => {
    const { code, stdout } = await run({
      approval: { again: 'on-change', allow: ['knowledge_search'] },
    });
    expect(code).toBe(0);
    const { tools } = toolResults(stdout);
    expect(tools[1]!.content).not.toMatch(/^Held:/);
    expect(tools[1]!.content).toMatch(/return/i);
  });

  it('refuses an unknown approval value in one line', async () => {
    const { code, stderr } = await run({ approval: 'once' });
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^plankeeper: \S+script\.json: options\.approval: write "required", false, or \{"again": "once" \| "on-change", "allow": \["tool name", \.\.\.\]\}\.\n$/,
    );
  });
});
