/**
 * The options a program sets, through the real SDK loop: approval holds other tools until a
 * person approves, evidence refuses a completion with no work behind it, a host key and the
 * Chinese texts, a store that is down (the agent goes on; `onError` hears of it), and one
 * another process keeps locked (each hook gives up within its lock wait; the host runs on).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { lockSqliteFile } from '../../support/locked-sqlite.js';
import { callTool, SdkSandbox, say } from './support/run-query.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

const write = (todos: Array<{ content: string; status: string }>) =>
  callTool('mcp__plankeeper__todo_write', { todos });

describe('plankeeper/claude-agent-sdk options', () => {
  it('approval: other tools wait for a person; the answer that says so is not bounced', async () => {
    sandbox = await SdkSandbox.start([
      write([{ content: 'Delete the old logs', status: 'pending' }]),
      callTool('Bash', { command: 'rm -rf logs' }),
      callTool('Read', { file_path: 'notes.txt' }),
      say('The plan waits for your approval.'),
    ]);
    writeFileSync(join(sandbox.dirs.project, 'notes.txt'), 'logs: 3 files\n');
    const engine = new PlanEngine();
    // Reads may run meanwhile: they change nothing.
    const planner = createPlankeeper({ engine, approval: { allow: ['Read'] } });

    const run = await sandbox.run(
      'Clean up the logs.',
      planner.options({ allowedTools: ['Bash', 'Read'] }),
    );

    expect(run.result).toBe('The plan waits for your approval.');
    expect(sandbox.server.unusedSteps).toBe(0);
    expect(sandbox.toolResult(0).text).toMatchInlineSnapshot(`
      "Todo list updated (0/1 completed).
      ### Current todo list (0/1 completed)
      - [ ] #1 Delete the old logs
      This plan waits for a person's approval; tools other than the plan tools are held until then. End your turn and ask for a review."
    `);
    const held = sandbox.toolResult(1);
    expect(held.isError).toBe(true);
    expect(held.text).toMatchInlineSnapshot(
      `"PreToolUse:Bash hook error: Held: Bash did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review."`,
    );
    expect(sandbox.toolResult(2)).toEqual({
      text: expect.stringContaining('logs: 3 files'),
      isError: false,
    });
  });

  it('evidence enforce: a completion with no work since it started is refused', async () => {
    sandbox = await SdkSandbox.start([]);
    const notes = join(sandbox.dirs.project, 'notes.txt');
    writeFileSync(notes, 'hello\n');
    sandbox.server.script(
      write([{ content: 'Read the notes', status: 'in_progress' }]),
      write([{ content: 'Read the notes', status: 'completed' }]),
      callTool('Read', { file_path: notes }),
      write([{ content: 'Read the notes', status: 'completed' }]),
      say('Read.'),
    );
    const planner = createPlankeeper({ evidence: 'enforce', goalCheck: false });

    const run = await sandbox.run('Read the notes.', planner.options({ allowedTools: ['Read'] }));

    expect(run.result).toBe('Read.');
    const refused = sandbox.toolResult(1);
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatchInlineSnapshot(`
      "Rejected; the todo list is unchanged. Fix and resend:
      - #1 Read the notes cannot be completed: no tool call has succeeded since it became in_progress. Do the work with your tools first, then mark it completed."
    `);
    expect(sandbox.toolResult(3).isError).toBe(false);
    const plan = await planner.engine.snapshot(planner.keyOf(run.sessionId));
    expect(plan.items[0]?.status).toBe('completed');
  });

  it('a host key and the Chinese texts', async () => {
    sandbox = await SdkSandbox.start([
      write([{ content: '查看订单', status: 'in_progress' }]),
      say('好了。'),
      write([{ content: '查看订单', status: 'completed' }]),
      say('订单已查看。'),
    ]);
    const key = { agent: 'support', session: 'ticket-7' };
    const planner = createPlankeeper({ key, locale: 'zh', goalCheck: false });

    const run = await sandbox.run('查看订单 1042。', planner.options());

    expect(run.result).toBe('订单已查看。');
    expect(planner.keyOf(run.sessionId)).toEqual(key);
    expect((await planner.engine.snapshot(key)).items.map((item) => item.status)).toEqual([
      'completed',
    ]);
    expect(sandbox.toolResult(0).text).toMatchInlineSnapshot(`
      "待办清单已更新（已完成 0/1）。
      ### 当前待办清单（已完成 0/1）
      - [>] #1 查看订单"
    `);
    const bounced = sandbox.seen(2);
    expect(bounced.slice(bounced.lastIndexOf('Stop hook'))).toMatchInlineSnapshot(
      `"Stop hook additional context: 待办清单还有未完成事项：#1 查看订单。请完成它们，或按实际情况标为 completed 或 cancelled，然后再给出最终答复。"`,
    );
  });

  it('a store that is down: the agent goes on without plankeeper, and onError hears of each event', async () => {
    sandbox = await SdkSandbox.start([
      write([{ content: 'Read the notes', status: 'in_progress' }]),
      say('Done.'),
    ]);
    const store = new SqlitePlanStore({ path: join(sandbox.dirs.root, 'plans.db') });
    await store.close();
    const errors: string[] = [];
    const planner = createPlankeeper({
      engine: new PlanEngine({ store }),
      onError: (error, event) => errors.push(`${event}: ${(error as Error).message}`),
    });

    const run = await sandbox.run('Read the notes.', planner.options());

    // Not bounced: without its store plankeeper cannot tell, and never holds the agent up.
    expect(run.result).toBe('Done.');
    expect(sandbox.server.unusedSteps).toBe(0);
    const failed = sandbox.toolResult(0);
    expect(failed.isError).toBe(true);
    expect(failed.text.split('\n')).toHaveLength(1);
    expect([...new Set(errors.map((line) => line.split(':')[0]))].sort()).toEqual([
      'PostToolUseFailure',
      'Stop',
      'UserPromptSubmit',
    ]);
  });

  it('a store locked by another process: every hook answers neutrally and the host is never held', async () => {
    sandbox = await SdkSandbox.start([say('Done.')]);
    const path = join(sandbox.dirs.root, 'plans.db');
    const store = new SqlitePlanStore({ path });
    const errors: string[] = [];
    const planner = createPlankeeper({
      engine: new PlanEngine({ store }),
      onError: (error, event) => errors.push(`${event}: ${(error as Error).message}`),
    });
    const lock = await lockSqliteFile(path);
    // better-sqlite3 waits for a lock synchronously: a held process misses its timer's ticks.
    let last = Date.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 20);
    try {
      const run = await sandbox.run('Say done.', planner.options());
      expect(run.result).toBe('Done.');
    } finally {
      clearInterval(ticker);
      await lock.release();
      await store.close();
    }
    expect(errors).toContain('UserPromptSubmit: database is locked');
    expect(longestGap).toBeLessThan(500);
  });
});
