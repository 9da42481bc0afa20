/**
 * `plankeeper todos --approve` from another OS process releases an agent whose tools are
 * held for a person's approval (the harness's `approval`): the held call did not run,
 * the next one does, the model is told who approved, and the approval is in the history.
 */
import { Agent, PlanEngine, type ToolDefinition } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { newStoreUrl, withPlanEngine } from '../support/seeded-store.js';

const storeUrl = () => newStoreUrl('plankeeper-todos-approve-');

const todos = (store: string, ...args: string[]) =>
  runCli(['todos', '--store', store, '--agent', 'coder', '--session', 's1', ...args]);

describe('plankeeper todos --approve', () => {
  it('lets the held agent run its next call, and is the person’s revision in the history', async () => {
    const url = storeUrl();
    const store = await openStore(url);
    const engine = new PlanEngine({ store });
    const runs: string[] = [];
    const shell: ToolDefinition = {
      name: 'run_shell',
      description: 'Run a command.',
      inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
      async execute(args) {
        runs.push((args as { command: string }).command);
        return { ok: true, text: 'ok', data: null, title: 'run_shell' };
      },
    };
    const model = new ScriptedModel([
      { tool: 'todo_write', args: { todos: [{ content: 'Run the tests', status: 'pending' }] } },
      { tool: 'run_shell', args: { command: 'npm test' } },
      { final: 'The plan is ready for review.' },
    ]);
    const agent = new Agent({
      name: 'coder',
      model,
      tools: [shell],
      planning: { engine, approval: { again: 'on-change' } },
    });
    const session = agent.session('s1');
    try {
      await session.send('Run the tests');
      expect(runs).toEqual([]);

      const approved = await todos(url, '--approve', '--by', 'Ana');
      expect(approved).toMatchObject({ code: 0, stderr: '' });
      expect(approved.stdout).toMatch(/^Approved coder\/s1 v2 by Ana\.\ncoder\/s1 {2}v2\n/);

      model.load([{ tool: 'run_shell', args: { command: 'npm test' } }, { final: 'Tests pass.' }]);
      await session.send('Go ahead');
      expect(runs).toEqual(['npm test']);
      const firstCall = model.requests.at(-2)!.messages.at(-1)!;
      expect(firstCall.content.split('\n')[0]).toBe(
        'Approved by a person (Ana): carry out the plan.',
      );
      const shown = await todos(url);
      expect(shown.stdout).toMatch(/v2 {2}\S+ {2}person:approve \(by Ana\): approved the plan\n/);
      expect(shown.stdout).toMatch(
        /\n- \[[ x>]\] #1 Run the tests[^\n]*\nApproved by Ana at \S+Z\.\n/,
      );
    } finally {
      await store.close();
    }
  });

  it('says in one line, before the plan, which version was approved and by whom (en, zh)', async () => {
    const url = storeUrl();
    await todos(url, '--add', 'Run the tests');
    const en = await todos(url, '--approve', '--by', 'Ana');
    expect(en.stdout).toMatchInlineSnapshot(`
      "Approved coder/s1 v2 by Ana.
      coder/s1  v2
      ### Current todo list (0/1 completed)
      - [ ] #1 Run the tests
      "
    `);
    await todos(url, '--add', 'Ship');
    const zh = await todos(url, '--approve', '--lang', 'zh');
    expect(zh.stdout).toMatchInlineSnapshot(`
      "已批准 coder/s1 v4。
      coder/s1  v4
      ### 当前待办清单（已完成 0/2）
      - [ ] #1 Run the tests
      - [ ] #2 Ship
      "
    `);
  });

  it('refuses an empty plan and extra flags in one line, changing nothing', async () => {
    const url = storeUrl();
    const empty = await todos(url, '--approve');
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toBe(
      'plankeeper: There is no plan to approve yet; the list has no open or done items.\n',
    );
    const zh = await todos(url, '--approve', '--lang', 'zh');
    expect(zh.stderr).toBe('plankeeper: 还没有可批准的计划；清单中没有待办或已完成的事项。\n');
    const mixed = await todos(url, '--approve', '--reason', 'why');
    expect(mixed.stderr).toBe('plankeeper: --reason does not go with --approve.\n');
    const two = await todos(url, '--approve', '--done', '1');
    expect(two.stderr).toBe('plankeeper: give one change at a time; got --done, --approve.\n');
    const store = await openStore(url);
    expect(await store.list()).toEqual([]);
    await store.close();
  });

  it('says in one line who approved the plan, and when it changed since', async () => {
    const url = storeUrl();
    const plain = await todos(url, '--add', 'Run the tests');
    expect(plain.code).toBe(0);
    // A plan no person approved says nothing: the store cannot tell whether a host asks.
    expect((await todos(url)).stdout).not.toMatch(/approv/i);
    expect((await todos(url, '--approve', '--by', 'Ana')).code).toBe(0);
    const approved = (await todos(url)).stdout.split('\n');
    expect(approved.filter((line) => /approved/i.test(line) && !line.startsWith('  v'))).toEqual([
      expect.stringMatching(/^Approved by Ana at \d{4}-\d\d-\d\dT\S+Z\.$/),
    ]);
    // The agent adds a step: the approval no longer covers the plan.
    await withPlanEngine(url, (engine) =>
      engine.add({ agent: 'coder', session: 's1' }, [{ content: 'Ship' }]),
    );
    const changed = (await todos(url)).stdout.split('\n');
    expect(changed.filter((line) => /approved/i.test(line) && !line.startsWith('  v'))).toEqual([
      expect.stringMatching(
        /^Changed since it was approved by Ana at \S+Z; a host that asks again on change waits for --approve\.$/,
      ),
    ]);
  });
});
