/** Rejections say what is wrong with this call, all of it, once. */
import { describe, expect, it } from 'vitest';
import { planFixture } from '../../test/support/plan-fixture.js';

const open = { todos: [{ content: 'Keep me', status: 'in_progress' }] };

describe('rejection texts', () => {
  it('todos sent as a JSON string: one line, an array not a string', async () => {
    const fixture = planFixture();
    const todos = JSON.stringify([{ content: 'A', status: 'pending' }]);
    const result = await fixture.call('todo_write', { todos });
    expect(result.text.split('\n').slice(1)).toEqual([
      '- todos must be an array, not a string. Send the value itself, not JSON text in a string.',
    ]);
  });

  it('an id beyond the safe integers is a bad id, not a length', async () => {
    const fixture = planFixture();
    const result = await fixture.call('todos_complete', { items: [{ id: 2 ** 53, reason: 'r' }] });
    expect(result.text).toContain('items[0].id is 9007199254740992, not an item id.');
  });

  it('an unknown id to complete or remove names the ids there are, and no advice to add', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', open);
    for (const [name, args] of [
      ['todos_complete', { items: [{ id: 9, reason: 'r' }] }],
      ['todos_remove', { ids: [9] }],
    ] as const) {
      const result = await fixture.call(name, args);
      expect(result.text).toMatch(/there is no item #9\. Current ids: #1\.$/m);
      expect(result.text).not.toContain('Leave id out');
    }
    const write = await fixture.call('todo_write', {
      todos: [{ id: 9, content: 'A', status: 'pending' }],
    });
    expect(write.text).toContain('Leave id out to add a new item.');
  });

  it('new entries in progress are named by place and content, existing ones by id', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', open);
    const result = await fixture.call('todo_write', {
      todos: [
        { id: 1, content: 'Keep me', status: 'in_progress' },
        { content: 'New', status: 'in_progress' },
      ],
    });
    expect(result.text).toContain('2 entries are in_progress (#1 Keep me; todos[1] New)');
    expect(result.text).not.toContain('#2');
  });

  it.each(['report', 'reject'] as const)(
    'an explicit [] clears open items without a warning (%s policy)',
    async (dropPolicy) => {
      const fixture = planFixture({ dropPolicy });
      await fixture.call('todo_write', open);
      const result = await fixture.call('todo_write', { todos: [] });
      expect(result).toMatchObject({ ok: true, text: 'Todo list cleared.' });
      expect(await fixture.items()).toEqual([]);
    },
  );

  it('structural and semantic problems come in one reply', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', open);
    const before = await fixture.stored();
    const result = await fixture.call('todo_write', {
      todos: [
        { id: 1, content: 'x'.repeat(301), status: 'in_progress', priority: 1 },
        { content: '\u200b\u200d', status: 'in_progress' },
        { id: 7, content: 'C', status: 'pending' },
      ],
    });
    expect(result.text.split('\n').slice(1)).toEqual([
      '- todos[0].content has 301 characters; the limit is 300. Shorten it.',
      '- todos[0].priority: unknown field "priority". Allowed: id, content, status, description, activeForm, note, blockedBy.',
      '- todos[1].content is blank; write what the step is.',
      '- todos[2].id: there is no item #7. Current ids: #1. Leave id out to add a new item.',
      `- 2 entries are in_progress (#1 ${'x'.repeat(300)}; todos[1] "\\u200b\\u200d"); only one may be. Set the others to pending or completed.`,
    ]);
    expect(await fixture.stored()).toBe(before);
  });

  it('a bad status or id does not hide the problems of other entries', async () => {
    const fixture = planFixture({ dropPolicy: 'reject' });
    await fixture.call('todo_write', open);
    const before = await fixture.stored();
    const result = await fixture.call('todo_write', {
      todos: [
        { id: '#1', content: 'Keep me', status: 'done', note: 7 },
        { content: ' ', status: 'pending' },
        { id: 9, content: 'C', status: 'in_progress' },
      ],
    });
    expect(result.text.split('\n').slice(1)).toEqual([
      '- todos[0].id is "#1", not an item id. Ids are the numbers shown as #N, e.g. "3".',
      '- todos[0].status is "done"; use pending, in_progress, completed or cancelled.',
      '- todos[0].note must be a string, not a number.',
      '- todos[1].content is blank; write what the step is.',
      '- todos[2].id: there is no item #9. Current ids: #1. Leave id out to add a new item.',
    ]);
    expect(await fixture.stored()).toBe(before);
    // The entry meant #1 even though its id is unreadable: #1 is not reported dropped.
    const renamed = await fixture.call('todo_write', {
      todos: [{ id: '#1', content: 'Keep me, renamed', status: 'pending' }],
    });
    expect(renamed.text).not.toContain('missing from the list');
  });

  it('content of zero-width characters only is blank', async () => {
    const fixture = planFixture();
    for (const content of ['\u200b', '\u200b\u2060\ufeff', ' \u202e ', '\u00ad']) {
      const result = await fixture.call('todos_add', { todos: [{ content }] });
      expect(result.text).toContain('todos[0].content is blank');
    }
  });
});
