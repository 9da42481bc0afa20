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
    options: { lang, goalCheck: false },
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
      → todo_write {"todos":[{"content":"Book the flight","status":"completed"}]}
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
      → todo_write {"todos":[{"content":"订机票","status":"completed"}]}
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
