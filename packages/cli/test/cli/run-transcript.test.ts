/**
 * What a person reads from `run --script` without `--json`: every turn's task and answer
 * in order, in the script's language.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

function twoTurns(lang: 'en' | 'zh', [first, second]: [string, string], item: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-script-')), 'script.json');
  const script = {
    turns: [
      {
        task: first,
        steps: [
          { tool: 'todo_write', args: { todos: [{ content: item, status: 'completed' }] } },
          { final: `${item}: ✓` },
        ],
      },
      { task: second, steps: [{ final: 'OK.\n2' }] },
    ],
    // The checks have their own tests; here they would only add their texts.
    options: { locale: lang, goalCheck: false },
  };
  writeFileSync(file, JSON.stringify(script));
  return file;
}

describe('plankeeper run --script (human output)', () => {
  it('prints each turn’s task and answer (en)', async () => {
    const file = twoTurns('en', ['Book the flight.', 'And the hotel?'], 'Book the flight');
    const { code, stdout, stderr } = await runCli(['run', '--script', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatchInlineSnapshot(`
      "Task: Book the flight.
      → todo_write todos=[1 item]
      ### Current todo list (1/1 completed)
      - [x] #1 Book the flight

      Answer:
      Book the flight: ✓

      Task: And the hotel?

      Answer:
      OK.
      2
      "
    `);
  });

  it('prints each turn’s task and answer (zh)', async () => {
    const file = twoTurns('zh', ['订机票。', '酒店呢？'], '订机票');
    const { code, stdout, stderr } = await runCli(['run', '--script', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatchInlineSnapshot(`
      "任务: 订机票。
      → todo_write todos=[1 项]
      ### 当前待办清单（已完成 1/1）
      - [x] #1 订机票

      答复:
      订机票: ✓

      任务: 酒店呢？

      答复:
      OK.
      2
      "
    `);
  });
});

describe('plankeeper run --script (the harness’s messages)', () => {
  // A reminder after one search round, a finish check on an open item, then the goal check
  // in the result of the write that closes the plan (so the last final is never asked for).
  function checkedTurn(lang: 'en' | 'zh', task: string, item: string, query: string): string {
    const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-script-')), 'script.json');
    const todos = (status: string) => ({ todos: [{ content: item, status }] });
    const script = {
      task,
      steps: [
        { tool: 'todo_write', args: todos('in_progress') },
        { tool: 'knowledge_search', args: { query, limit: 1 } },
        { final: item },
        { tool: 'todo_write', args: todos('completed') },
        { final: item },
        { final: item },
      ],
      options: { locale: lang, nudge: { after: 1 }, echoPlan: false },
    };
    writeFileSync(file, JSON.stringify(script));
    return file;
  }

  it('labels them in the run’s language (zh)', async () => {
    const file = checkedTurn('zh', '拆封的耳机能退吗？', '查询退货条款', '拆封耳机退货');
    const { code, stdout, stderr } = await runCli(['run', '--script', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const labels = stdout.split('\n').filter((line) => line.startsWith('! '));
    expect(labels.map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      '! 提醒',
      '! 收尾检查',
      '! 目标核对',
    ]);
    expect(labels).toMatchInlineSnapshot(`
      [
        "! 提醒: 已经连续 1 个工具调用轮次没有更新待办清单。请核对原始请求和剩余事项，然后更新清单。",
        "! 收尾检查: 待办清单还有未完成事项：#1 查询退货条款。请完成它们，或按实际情况标为 completed 或 cancelled，然后再给出最终答复。",
        "! 目标核对: 所有事项都已完成或取消。答复前，请对照原始请求逐条核对： 拆封的耳机能退吗？ 有遗漏先补上。确实做不到的部分，请明确说明是什么、为什么。",
      ]
    `);
  });

  it('labels them in the run’s language (en)', async () => {
    const file = checkedTurn(
      'en',
      'Can I return opened headphones?',
      'Look up the policy',
      'return opened headphones',
    );
    const { code, stdout, stderr } = await runCli(['run', '--script', file]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const labels = stdout.split('\n').filter((line) => line.startsWith('! '));
    expect(labels).toMatchInlineSnapshot(`
      [
        "! reminder: 1 tool round without a todo list update. Check the original request and the remaining items, then update the list.",
        "! finish-check: Your todo list still has open items: #1 Look up the policy. Finish them, or mark them completed or cancelled to match what you actually…",
        "! goal-check: All items are completed or cancelled. Before you answer, check the original request point by point: Can I return opened headphones? Do…",
      ]
    `);
  });
});
