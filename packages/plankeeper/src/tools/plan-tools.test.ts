import { describe, expect, it } from 'vitest';
import { planFixture } from '../../test/support/plan-fixture.js';
import { ConfigurationError } from '../engine/errors.js';
import { PlanEngine } from '../engine/plan-engine.js';
import { createPlanTools } from './plan-tools.js';

const two = {
  todos: [
    { content: 'Look up the policy', status: 'in_progress' },
    { content: 'Draft the answer', status: 'pending' },
  ],
};

/** Every rejected call must leave the stored plan byte-for-byte as it was. */
async function expectRejectedUnchanged(
  fixture: ReturnType<typeof planFixture>,
  name: string,
  args: unknown,
  expectedText: RegExp,
) {
  const before = await fixture.stored();
  const result = await fixture.call(name, args);
  expect(result.ok).toBe(false);
  expect(result.text).toMatch(/^Rejected; the todo list is unchanged/);
  expect(result.text).toMatch(expectedText);
  expect(await fixture.stored()).toBe(before);
  return result;
}

describe('todo_write', () => {
  it('replaces the whole list and assigns ids from 1', async () => {
    const fixture = planFixture();
    const result = await fixture.call('todo_write', two);
    expect(result.ok).toBe(true);
    expect(await fixture.items()).toEqual([
      { id: '1', content: 'Look up the policy', status: 'in_progress' },
      { id: '2', content: 'Draft the answer', status: 'pending' },
    ]);
    expect(result.text).toContain('Todo list updated (0/2 completed).');
  });

  it('keeps identity through id (string or number) and through unchanged content', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', two);
    await fixture.call('todo_write', {
      todos: [
        { id: 1, content: 'Look up the return policy', status: 'completed' },
        { content: 'Draft the answer', status: 'in_progress' },
        { content: 'Send it', status: 'pending' },
      ],
    });
    expect((await fixture.items()).map((item) => [item.id, item.status])).toEqual([
      ['1', 'completed'],
      ['2', 'in_progress'],
      ['3', 'pending'],
    ]);
  });

  it('never reuses ids after items are removed', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', two);
    await fixture.call('todo_write', { todos: [] });
    await fixture.call('todo_write', { todos: [{ content: 'New step', status: 'pending' }] });
    expect((await fixture.items())[0]?.id).toBe('3');
  });

  it('answers a write that changes nothing with the stored list, even without echo', async () => {
    const fixture = planFixture({ echoPlan: false });
    const first = await fixture.call('todo_write', two);
    expect(first.text).toBe('Todo list updated (0/2 completed).');
    const again = await fixture.call('todo_write', two);
    expect(again.ok).toBe(true);
    expect(again.text).toBe(
      [
        'Todo list unchanged (0/2 completed); it is stored as follows:',
        '### Current todo list (0/2 completed)',
        '- [>] #1 Look up the policy',
        '- [ ] #2 Draft the answer',
      ].join('\n'),
    );
    expect((again.data as { unchanged: boolean }).unchanged).toBe(true);
    const changed = await fixture.call('todo_write', {
      todos: [{ ...two.todos[0], status: 'completed' }, two.todos[1]],
    });
    expect(changed.text).toBe('Todo list updated (1/2 completed).');
  });

  it('[] clears the plan', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', two);
    const result = await fixture.call('todo_write', { todos: [] });
    expect(result.ok).toBe(true);
    expect(result.text).toContain('Todo list cleared.');
    expect(await fixture.items()).toEqual([]);
  });

  it('reports open items that a write left out', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', two);
    const result = await fixture.call('todo_write', {
      todos: [{ id: '1', content: 'Look up the policy', status: 'completed' }],
    });
    expect(result.ok).toBe(true);
    expect(result.text).toContain('Removed open items you left out: #2 Draft the answer.');
    expect((result.data as { dropped: { id: string }[] }).dropped.map((item) => item.id)).toEqual([
      '2',
    ]);
  });

  it('does not report completed items that a write left out', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', {
      todos: [
        { content: 'A', status: 'completed' },
        { content: 'B', status: 'in_progress' },
      ],
    });
    const result = await fixture.call('todo_write', {
      todos: [{ content: 'B', status: 'in_progress' }],
    });
    expect(result.text).not.toContain('left out');
  });

  it('refuses to drop open items under the reject policy', async () => {
    const fixture = planFixture({ dropPolicy: 'reject' });
    await fixture.call('todo_write', two);
    await expectRejectedUnchanged(
      fixture,
      'todo_write',
      { todos: [{ id: 1, content: 'Look up the policy', status: 'completed' }] },
      /Open items #2 are missing from the list/,
    );
  });

  describe('rejects, naming the item and field, and changes nothing', () => {
    const cases: [string, unknown, RegExp][] = [
      ['a missing list', {}, /todos is missing\. Send \{"todos": \[\.\.\.\]\}/],
      ['a null list', { todos: null }, /todos is null/],
      ['a list that is not an array', { todos: 'x' }, /todos must be an array, not a string\.$/m],
      [
        'an unknown status',
        { todos: [{ content: 'A', status: 'done' }] },
        /todos\[0\]\.status is "done"; use pending, in_progress, completed or cancelled/,
      ],
      ['a missing status', { todos: [{ content: 'A' }] }, /todos\[0\]\.status is missing/],
      [
        'blank content',
        { todos: [{ content: '   ', status: 'pending' }] },
        /todos\[0\]\.content is blank/,
      ],
      ['missing content', { todos: [{ status: 'pending' }] }, /todos\[0\]\.content is missing/],
      [
        'an unknown field',
        { todos: [{ content: 'A', status: 'pending', priority: 1 }] },
        /todos\[0\]\.priority: unknown field "priority"\. Allowed: id, content, status, description, activeForm, note/,
      ],
      [
        'an unknown top-level field',
        { todos: [], merge: true },
        /merge: unknown field "merge"\. Allowed: todos/,
      ],
      [
        'two items in progress',
        {
          todos: [
            { content: 'A', status: 'in_progress' },
            { content: 'B', status: 'in_progress' },
          ],
        },
        /2 entries are in_progress \(todos\[0\] A; todos\[1\] B\); only one may be/,
      ],
      [
        'an unknown id',
        { todos: [{ id: 9, content: 'A', status: 'pending' }] },
        /todos\[0\]\.id: there is no item #9\. Current ids: #1, #2\./,
      ],
      [
        'a malformed id',
        { todos: [{ id: 'one', content: 'A', status: 'pending' }] },
        /todos\[0\]\.id is "one", not an item id/,
      ],
      [
        'a duplicate id',
        {
          todos: [
            { id: 1, content: 'A', status: 'pending' },
            { id: '1', content: 'B', status: 'pending' },
          ],
        },
        /todos\[1\]\.id: #1 appears more than once/,
      ],
      ['arguments that are not an object', [1, 2], /must be a JSON object, not an array/],
    ];
    it.each(cases)('%s', async (_label, args, text) => {
      const fixture = planFixture();
      await fixture.call('todo_write', two);
      await expectRejectedUnchanged(fixture, 'todo_write', args, text);
    });
  });

  it('rejects more items than the limit, which is configurable', async () => {
    const fixture = planFixture({ limits: { maxItems: 3 } });
    const todos = Array.from({ length: 4 }, (_, index) => ({
      content: `Step ${index}`,
      status: 'pending',
    }));
    await expectRejectedUnchanged(
      fixture,
      'todo_write',
      { todos },
      /todos would hold 4 items; the limit is 3/,
    );
    expect((await fixture.call('todo_write', { todos: todos.slice(0, 3) })).ok).toBe(true);
    expect(planFixture().engine.limits.maxItems).toBe(20);
  });

  it('rejects content over the configurable length', async () => {
    const fixture = planFixture({ limits: { maxContentLength: 10 } });
    await expectRejectedUnchanged(
      fixture,
      'todo_write',
      { todos: [{ content: 'x'.repeat(11), status: 'pending' }] },
      /todos\[0\]\.content has 11 characters; the limit is 10/,
    );
  });

  it('parses a raw argument string strictly', async () => {
    const fixture = planFixture();
    expect((await fixture.call('todo_write', JSON.stringify(two))).ok).toBe(true);
    await expectRejectedUnchanged(
      fixture,
      'todo_write',
      `${JSON.stringify(two)}{"todos":[]}`,
      /Extra text after the JSON object \(from character \d+\)/,
    );
    await expectRejectedUnchanged(
      fixture,
      'todo_write',
      `${JSON.stringify(two)} trailing`,
      /Extra text after the JSON object/,
    );
    await expectRejectedUnchanged(fixture, 'todo_write', '{"todos": [', /not valid JSON/);
    expect((await fixture.items()).length).toBe(2);
  });

  it('reports every problem of a call at once', async () => {
    const fixture = planFixture();
    const result = await fixture.call('todo_write', {
      todos: [
        { content: 'A', status: 'done' },
        { content: 'B', status: 'pending', owner: 'me' },
      ],
    });
    expect(result.text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(2);
    expect((result.data as { issues: unknown[] }).issues).toHaveLength(2);
  });

  it('checks a call with unknown fields against the plan too, so one reply names every mistake', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', two);
    const result = await expectRejectedUnchanged(
      fixture,
      'todo_write',
      {
        todos: [
          { id: 1, content: 'Look up the policy', status: 'in_progress', priority: 'high' },
          { id: 9, content: 'Draft the answer', status: 'in_progress' },
        ],
      },
      /todos\[0\]\.priority: unknown field "priority"/,
    );
    expect(result.text).toMatch(/there is no item #9/);
    expect(result.text).toMatch(/in_progress/);
    const codes = (result.data as { issues: { code: string }[] }).issues.map((issue) => issue.code);
    expect(codes).toEqual(['unknown_field', 'unknown_id', 'multiple_in_progress']);
    expect((result.data as { version: number }).version).toBe(1);

    // The same for the item tools: an unknown field and an unknown id, together.
    const completed = await expectRejectedUnchanged(
      fixture,
      'todos_complete',
      { items: [{ id: 7, reason: 'done', evidence: 'log' }] },
      /items\[0\]\.evidence: unknown field "evidence"/,
    );
    expect(completed.text).toMatch(/there is no item #7/);
    const removed = await expectRejectedUnchanged(
      fixture,
      'todos_remove',
      { ids: [8], force: true },
      /force: unknown field "force"/,
    );
    expect(removed.text).toMatch(/there is no item #8/);
  });

  it('with unknown fields as the only problem, says so alone and still writes nothing', async () => {
    const fixture = planFixture();
    const result = await expectRejectedUnchanged(
      fixture,
      'todos_add',
      { todos: [{ content: 'A', priority: 1 }] },
      /todos\[0\]\.priority: unknown field "priority"/,
    );
    expect((result.data as { issues: unknown[] }).issues).toHaveLength(1);
    expect(await fixture.items()).toEqual([]);
  });

  it('does not modify the caller’s arguments object', async () => {
    const fixture = planFixture();
    const args = { todos: [{ content: '  padded  ', status: 'pending' }] };
    const copy = structuredClone(args);
    await fixture.call('todo_write', args);
    expect(args).toEqual(copy);
    expect((await fixture.items())[0]?.content).toBe('padded');
  });

  it('keeps a completion note when a later write does not mention it', async () => {
    const fixture = planFixture();
    await fixture.call('todos_add', { todos: [{ content: 'A' }] });
    await fixture.call('todos_complete', { items: [{ id: 1, reason: 'found §3' }] });
    await fixture.call('todo_write', { todos: [{ id: 1, content: 'A', status: 'completed' }] });
    expect((await fixture.items())[0]?.note).toBe('found §3');
  });
});

describe('granular tools', () => {
  it('todos_add assigns increasing ids, accepts title as an alias of content', async () => {
    const fixture = planFixture();
    const result = await fixture.call('todos_add', {
      todos: [{ title: 'Survey A' }, { content: 'Survey B', description: 'cold start' }],
    });
    expect(result.ok).toBe(true);
    expect(result.text).toContain('Added #1, #2.');
    expect(await fixture.items()).toEqual([
      { id: '1', content: 'Survey A', status: 'pending' },
      { id: '2', content: 'Survey B', status: 'pending', description: 'cold start' },
    ]);
  });

  it('todos_add refuses a content/title conflict, an empty batch and going over the limit', async () => {
    const fixture = planFixture({ limits: { maxItems: 2 } });
    await fixture.call('todos_add', { todos: [{ content: 'A' }] });
    await expectRejectedUnchanged(
      fixture,
      'todos_add',
      { todos: [{ content: 'X', title: 'Y' }] },
      /content and title differ/,
    );
    await expectRejectedUnchanged(fixture, 'todos_add', { todos: [] }, /todos is empty/);
    await expectRejectedUnchanged(
      fixture,
      'todos_add',
      { todos: [{ content: 'B' }, { content: 'C' }] },
      /would hold 3 items; the limit is 2/,
    );
  });

  it('todos_complete stores the reason on the item and reports repeats', async () => {
    const fixture = planFixture();
    await fixture.call('todos_add', { todos: [{ content: 'A' }, { content: 'B' }] });
    const result = await fixture.call('todos_complete', {
      items: [{ id: '1', reason: 'policy §3 found' }],
    });
    expect(result.text).toContain('Completed #1.');
    expect((await fixture.items())[0]).toEqual({
      id: '1',
      content: 'A',
      status: 'completed',
      note: 'policy §3 found',
    });
    const again = await fixture.call('todos_complete', { items: [{ id: 1, reason: 'again' }] });
    expect(again.text).toContain('Already completed: #1.');
    expect((await fixture.items())[0]?.note).toBe('policy §3 found');
  });

  it('todos_complete requires a reason and a known id', async () => {
    const fixture = planFixture();
    await fixture.call('todos_add', { todos: [{ content: 'A' }] });
    await expectRejectedUnchanged(
      fixture,
      'todos_complete',
      { items: [{ id: 1 }] },
      /items\[0\]\.reason is missing/,
    );
    await expectRejectedUnchanged(
      fixture,
      'todos_complete',
      { items: [{ id: 1, reason: ' ' }] },
      /items\[0\]\.reason is blank/,
    );
    await expectRejectedUnchanged(
      fixture,
      'todos_complete',
      { items: [{ id: 7, reason: 'x' }] },
      /there is no item #7/,
    );
  });

  it('todos_remove deletes by id and the ids are not handed out again', async () => {
    const fixture = planFixture();
    await fixture.call('todos_add', {
      todos: [{ content: 'A' }, { content: 'B' }, { content: 'C' }],
    });
    const result = await fixture.call('todos_remove', { ids: [3, '2'] });
    expect(result.text).toContain('Removed #2, #3.');
    await fixture.call('todos_add', { todos: [{ content: 'D' }] });
    expect((await fixture.items()).map((item) => item.id)).toEqual(['1', '4']);
    await expectRejectedUnchanged(
      fixture,
      'todos_remove',
      { ids: [2] },
      /there is no item #2\. Current ids: #1, #4\./,
    );
    await expectRejectedUnchanged(
      fixture,
      'todos_remove',
      { ids: [1, 1] },
      /ids\[1\]: #1 appears more than once/,
    );
  });

  it('todos_get_remaining lists open items only; todos_get_all and todo_read list all, with the stored reasons', async () => {
    const fixture = planFixture();
    await fixture.call('todos_add', { todos: [{ content: 'A' }, { content: 'B' }] });
    await fixture.call('todos_complete', { items: [{ id: 1, reason: 'done' }] });
    const remaining = await fixture.call('todos_get_remaining', {});
    expect(remaining.text).toBe('- [ ] #2 B');
    for (const name of ['todos_get_all', 'todo_read']) {
      expect((await fixture.call(name, {})).text).toBe(
        '### Current todo list (1/2 completed)\n- [x] #1 A (done)\n- [ ] #2 B',
      );
    }
    await fixture.call('todos_complete', { items: [{ id: 2, reason: 'done' }] });
    expect((await fixture.call('todos_get_remaining', '')).text).toBe('No open items.');
    expect((await fixture.call('todo_read', '{"x":1}')).ok).toBe(false);
  });
});

describe('isolation', () => {
  it('takes the plan key from the host context, never from arguments', async () => {
    const fixture = planFixture();
    const other = { agent: 'support', session: 'session-2' };
    await fixture.call('todo_write', two);
    await fixture.call(
      'todo_write',
      { todos: [{ content: 'Other', status: 'pending' }] },
      { key: other },
    );
    expect((await fixture.engine.snapshot(other)).items.map((item) => item.content)).toEqual([
      'Other',
    ]);
    expect((await fixture.items()).length).toBe(2);
    const sneaky = await fixture.call('todo_write', { todos: [], session: 'session-2' });
    expect(sneaky.ok).toBe(false);
  });

  it('a tool called without any key is a programmer error', async () => {
    const [write] = createPlanTools({ engine: new PlanEngine() });
    await expect(write!.execute({ todos: [] }, {})).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('the tools option chooses the tool family', () => {
    const engine = new PlanEngine();
    const names = (tools: 'whole-list' | 'granular' | 'both') =>
      createPlanTools({ engine, tools }).map((tool) => tool.name);
    expect(names('whole-list')).toEqual(['todo_write', 'todo_read']);
    expect(names('granular')).toEqual([
      'todos_add',
      'todos_complete',
      'todos_remove',
      'todos_get_remaining',
      'todos_get_all',
    ]);
    expect(names('both')).toHaveLength(7);
  });
});
