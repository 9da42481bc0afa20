import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { seededStore as seeded } from '../support/seeded-store.js';

const key = { agent: 'support', session: 'ticket-7' };

function seededStore() {
  return seeded('plankeeper-todos-edit-', (engine) =>
    engine.add(key, [{ content: 'Look up the policy' }, { content: 'Answer' }]),
  );
}

const todos = (store: string, ...args: string[]) =>
  runCli(['todos', '--store', store, '--agent', 'support', '--session', 'ticket-7', ...args]);

describe('plankeeper todos: a person changes a plan', () => {
  it('applies each change, prints the new plan and records it as the person’s', async () => {
    const store = await seededStore();
    const added = await todos(store, '--add', 'Check the order', '--after', '1', '--by', 'Ana');
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toBe(
      'support/ticket-7  v2\n### Current todo list (0/3 completed)\n- [ ] #1 Look up the policy\n- [ ] #3 Check the order\n- [ ] #2 Answer\n',
    );
    expect((await todos(store, '--cancel', '2', '--reason', 'not needed')).code).toBe(0);
    expect((await todos(store, '--done', '1', '--by', 'Ana')).code).toBe(0);
    expect((await todos(store, '--edit', '3', '--content', 'Check order 42')).code).toBe(0);
    expect((await todos(store, '--move', '3', '--before', '1')).code).toBe(0);
    const noted = await todos(store, '--note', '3', 'ask Bo', '--json');
    expect(JSON.parse(noted.stdout)).toMatchObject({ key, version: 7 });

    const shown = await todos(store);
    expect(shown.stdout).toContain(
      '- [ ] #3 Check order 42 (note: "ask Bo")\n- [x] #1 Look up the policy\n- [-] #2 Answer (note: "not needed")',
    );
    expect(shown.stdout).toMatch(/v2 {2}\S+ {2}person:add \(by Ana\): added #3 after #1\n/);
    expect(shown.stdout).toMatch(/v3 {2}\S+ {2}person:cancel: cancelled #2: not needed\n/);
    const history = JSON.parse((await todos(store, '--json')).stdout).history;
    expect(history[3].source).toEqual({
      tool: 'person:done',
      summary: 'completed #1',
      by: 'person',
      name: 'Ana',
      edit: { kind: 'done', id: '1' },
    });
  });

  it('creates the plan with --add when there is none', async () => {
    const store = await seededStore();
    const created = await runCli([
      'todos',
      ...['--store', store, '--agent', 'support', '--session', 'new'],
      ...['--add', 'First step', '--lang', 'zh'],
    ]);
    expect(created.code).toBe(0);
    // The list is rendered in the --lang language (its heading's wording is the locale's).
    expect(created.stdout).toMatch(/^support\/new {2}v1\n### .*待办.*\n- \[ \] #1 First step\n$/);
  });

  it('refuses a bad change in one line, in the --lang language, changing nothing', async () => {
    const store = await seededStore();
    await todos(store, '--cancel', '2');
    const cases: [string[], string][] = [
      [['--done', '9'], 'plankeeper: There is no item #9; the items are #1, #2.\n'],
      [
        ['--done', 'two'],
        'plankeeper: "two" is not an item id; ids are the numbers shown as #N.\n',
      ],
      [
        ['--cancel', '2'],
        'plankeeper: #2 is already cancelled; only pending or in-progress items can be cancelled or done.\n',
      ],
      [['--done', '9', '--lang', 'zh'], 'plankeeper: 没有 #9 这一项；现有 #1、#2。\n'],
      [['--edit', '1', '--content', '  '], 'plankeeper: The text is empty.\n'],
      [['--move', '1', '--before', '1'], 'plankeeper: #1 cannot be moved before itself.\n'],
      [['--edit', '1'], 'plankeeper: --edit needs --content TEXT.\n'],
      [
        ['--cancel', '1', '--done', '1'],
        'plankeeper: give one change at a time; got --cancel, --done.\n',
      ],
      [['--add', 'x', '--reason', 'y'], 'plankeeper: --reason does not go with --add.\n'],
      [['--note', '1'], 'plankeeper: --note takes an item id and a text: --note 2 "why".\n'],
    ];
    for (const [args, stderr] of cases) {
      expect(await todos(store, ...args)).toEqual({ code: 2, stdout: '', stderr });
    }
    const noAgent = await runCli([
      'todos',
      '--store',
      store,
      '--session',
      'ticket-9',
      '--done',
      '1',
    ]);
    expect(noAgent).toMatchObject({
      code: 2,
      stderr: 'plankeeper: no plan for session "ticket-9" to change; give --agent to start one.\n',
    });
    // A part of a change without the change is refused, not ignored.
    expect(await todos(store, '--content', 'x')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'plankeeper: --content goes with --edit ID.\n',
    });
    const history = JSON.parse((await todos(store, '--json')).stdout).history;
    expect(history).toHaveLength(2);
  });

  it('finds the plan by its session alone, as showing it does', async () => {
    const store = await seededStore();
    const done = await runCli(['todos', '--store', store, '--session', 'ticket-7', '--done', '1']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('- [x] #1 Look up the policy');
    const history = JSON.parse((await todos(store, '--json')).stdout).history;
    // The seeded add, then this change.
    expect(history).toHaveLength(2);
  });

  it('loses no change when people change the plan at once (compare-and-set, retried)', async () => {
    const store = await seededStore();
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, index) => todos(store, '--add', `Step ${index}`)),
    );
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const plan = JSON.parse((await todos(store, '--json')).stdout).plan;
    expect(plan.items.map((item: { id: string }) => item.id).sort()).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8'].sort(),
    );
  });
});
