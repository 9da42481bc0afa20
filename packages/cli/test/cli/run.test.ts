import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

function scriptFile(script: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-script-')), 'script.json');
  writeFileSync(file, typeof script === 'string' ? script : JSON.stringify(script));
  return file;
}

describe('plankeeper run --discipline', () => {
  const script = {
    task: 'Look it up',
    steps: [
      { tool: 'todo_write', args: { todos: [{ content: 'Look it up', status: 'in_progress' }] } },
      { tool: 'knowledge_search', args: { query: 'returns' } },
      { tool: 'todo_write', args: { todos: [{ content: 'Look it up', status: 'completed' }] } },
      { final: 'Done.' },
    ],
    options: { discipline: 'strict' },
  };
  const sections = (report: { calls: { injected?: string; content: string }[][] }) =>
    report.calls.map((call) => {
      const last = call.at(-1);
      return last?.injected === 'plan' ? last.content.split('\n')[0] : undefined;
    });

  it("takes the script's options.discipline, and --discipline over it", async () => {
    const file = scriptFile(script);
    const strict = JSON.parse((await runCli(['run', '--script', file, '--json'])).stdout);
    expect(sections(strict)).toEqual([
      undefined,
      '### Current todo list (0/1 completed)',
      '### Current todo list (0/1 completed)',
      '### Current todo list (1/1 completed)',
    ]);
    const light = JSON.parse(
      (await runCli(['run', '--script', file, '--json', '--discipline', 'light'])).stdout,
    );
    expect(sections(light)).toEqual([undefined, 'Stored as: now #1.', undefined, undefined]);
  });

  it('rejects an unknown preset with a usage error', async () => {
    const { code, stderr } = await runCli([
      'run',
      '--script',
      scriptFile(script),
      '--discipline',
      'loose',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--discipline: "loose" is not a preset; use light, standard, strict.');
  });
});

describe('plankeeper run --script --json', () => {
  it('prints the contract document: last call input plus last reply, plan, result, error', async () => {
    const { code, stdout, stderr } = await runCli([
      'run',
      '--script',
      'examples/scripts/after-sales.json',
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(Object.keys(report)).toEqual(['messages', 'plan', 'result', 'error', 'calls', 'turns']);
    expect(report.error).toBeNull();
    expect(report.result).toMatch(/^Checked: yes, within 14 days/);
    expect(report.plan.map((item: { status: string }) => item.status)).toEqual([
      'completed',
      'completed',
    ]);
    const roles = report.messages.map(
      (message: { role: string; injected?: string }) => message.injected ?? message.role,
    );
    expect(roles).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    // The last call's input is the messages minus the final reply.
    expect(report.calls.at(-1)).toEqual(report.messages.slice(0, -1));
    expect(report.messages[5]).toMatchObject({ role: 'tool', name: 'knowledge_search', ok: true });
    expect(report.messages[5].content).toContain('Opened headphones and earbuds');
    // The goal check rides on the result of the write that closed the plan.
    expect(report.messages[7]).toMatchObject({ role: 'tool', name: 'todo_write', ok: true });
    expect(report.messages[7].content).toContain('Before you answer, check the original request');
    expect(report.calls).toHaveLength(4);
  });

  it('carries the plan across turns, marks it leftover, and resets once-per-turn checks', async () => {
    const { code, stdout } = await runCli([
      'run',
      '--script',
      'examples/scripts/two-turns.json',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.result).toBe('It is 3 pm in Kyoto.');
    expect(report.turns.map((turn: { steps: number }) => turn.steps)).toEqual([3, 1]);
    const tail = report.messages.at(-2);
    expect(tail).toMatchObject({ role: 'user', injected: 'plan' });
    expect(tail.content).toMatch(
      /^### Leftover todo list from an earlier request\n- \[>\] #1 Book the flight/,
    );
  });

  it('when the harness calls the model after the last step, ends with an error and still reports messages and plan', async () => {
    const file = scriptFile({
      task: 'Do two things',
      steps: [
        {
          tool: 'todo_write',
          args: {
            todos: [
              { content: 'One', status: 'in_progress' },
              { content: 'Two', status: 'pending' },
            ],
          },
        },
        { final: 'Done.' },
      ],
    });
    const { code, stdout } = await runCli(['run', '--script', file, '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.result).toBeNull();
    expect(report.error).toMatch(/^The script ran out/);
    expect(report.plan).toHaveLength(2);
    expect(report.messages.at(-2)).toMatchObject({ injected: 'finish-check' });
  });

  it('rejects a malformed script with the field and the expected shape, exit code 2', async () => {
    const bad = await runCli([
      'run',
      '--script',
      scriptFile({ task: 'x', steps: [{ tool: 'todo_write', arguments: {} }] }),
      '--json',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/steps\.0/);
    expect(bad.stderr).toMatch(/Each step is \{"tool": NAME, "args"/);
    const notJson = await runCli(['run', '--script', scriptFile('{"task": '), '--json']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/not valid JSON/);
    const shapeless = await runCli(['run', '--script', scriptFile({ steps: [] })]);
    expect(shapeless.stderr).toMatch(/missing "task" \(with "steps"\) or "turns"/);
    const missing = await runCli(['run', '--script', '/no/such/file.json']);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toMatch(/cannot read "\/no\/such\/file.json" \(ENOENT\)/);
    const noFlag = await runCli(['run']);
    expect(noFlag.code).toBe(2);
    expect(noFlag.stderr).toMatch(/required option '--script <file>'/);
  });

  it('applies script options: a budget, Chinese, and strict drop policy', async () => {
    const file = scriptFile({
      task: '查询',
      steps: [
        {
          tool: 'todo_write',
          args: {
            todos: [
              { content: '甲', status: 'in_progress' },
              { content: '乙', status: 'pending' },
            ],
          },
        },
        { tool: 'todo_write', args: { todos: [{ content: '甲', status: 'completed' }] } },
        { tool: 'knowledge_search', args: { query: '退货' } },
      ],
      options: { locale: 'zh', maxSteps: 3, dropPolicy: 'reject' },
    });
    const { code, stdout } = await runCli(['run', '--script', file, '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.error).toBe(
      'Step budget exhausted: 3 model calls without a final answer (2 plan items still open).',
    );
    const rejected = report.messages.filter(
      (message: { role: string }) => message.role === 'tool',
    )[1];
    expect(rejected.content).toMatch(/^已拒绝，待办清单未改动/);
    expect(report.messages[0].content).toContain('用待办工具规划多步骤工作');
  });

  it('without --json shows the run live and prints the answer', async () => {
    const { code, stdout } = await runCli(['run', '--script', 'examples/scripts/after-sales.json']);
    expect(code).toBe(0);
    expect(stdout).toContain('→ knowledge_search query="return opened headphones" limit=1');
    expect(stdout).toContain('- [x] #2 Draft the answer with sources');
    expect(stdout.trim().endsWith('(returns-and-refunds.md).')).toBe(true);
  });
});
