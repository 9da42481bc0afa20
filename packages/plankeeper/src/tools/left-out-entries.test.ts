/**
 * An entry without a repair (content missing or of the wrong type, not an object at all)
 * is left out of the dry run: the other entries are still checked against the plan, so
 * one rejection names every problem, and nothing is guessed about the left-out entry.
 */
import { describe, expect, it } from 'vitest';
import { planFixture } from '../../test/support/plan-fixture.js';

const lines = (text: string) => text.split('\n').slice(1);
const open = { todos: [{ content: 'Keep me', status: 'in_progress' }] };

describe('entries left out of the dry run', () => {
  it('todo_write: the others are checked at the places they were sent', async () => {
    const fixture = planFixture({ dropPolicy: 'reject' });
    await fixture.call('todo_write', open);
    const before = await fixture.stored();
    const result = await fixture.call('todo_write', {
      todos: [
        { id: 1, status: 'in_progress' },
        { content: ' ', status: 'pending' },
        { id: 9, content: 'C', status: 'in_progress' },
        'D',
        { content: 'E', status: 'in_progress' },
        { id: 9, content: 'F', status: 'pending' },
        { content: 7, status: 'pending' },
      ],
    });
    expect(result.ok).toBe(false);
    expect(lines(result.text)).toEqual([
      '- todos[0].content is missing; expected a string.',
      '- todos[3] must be an object, not a string.',
      '- todos[6].content must be a string, not a number.',
      '- todos[1].content is blank; write what the step is.',
      '- todos[2].id: there is no item #9. Current ids: #1. Leave id out to add a new item.',
      '- todos[5].id: there is no item #9. Current ids: #1. Leave id out to add a new item.',
      '- todos[5].id: #9 appears more than once; list each item once.',
      '- 2 entries are in_progress (todos[2] C; todos[4] E); only one may be. Set the others to pending or completed.',
    ]);
    // #1 was the left-out entry's: it is not called dropped, nor counted in progress.
    expect(result.text).not.toContain('missing from the list');
    expect(await fixture.stored()).toBe(before);
  });

  it('todos_add: the limit counts every sent entry', async () => {
    const fixture = planFixture({ limits: { maxItems: 3 } });
    await fixture.call('todos_add', { todos: [{ content: 'A' }, { content: 'B' }] });
    const before = await fixture.stored();
    const result = await fixture.call('todos_add', {
      todos: [{ description: 'no content' }, { content: 'B\u0000' }, { content: 'C' }],
    });
    expect(lines(result.text)).toEqual([
      '- todos[0].content is missing; expected a string.',
      '- todos[1].content contains a NUL character (U+0000); remove it and resend.',
      '- todos would hold 5 items; the limit is 3. Merge steps or remove finished ones.',
    ]);
    expect(await fixture.stored()).toBe(before);
  });

  it('todos_add: a left-out entry still counts when the kept ones fit', async () => {
    const fixture = planFixture({ limits: { maxItems: 3 } });
    await fixture.call('todos_add', { todos: [{ content: 'A' }, { content: 'B' }] });
    const before = await fixture.stored();
    const result = await fixture.call('todos_add', {
      todos: [{ description: 'no content' }, { content: 'C' }],
    });
    expect(lines(result.text)).toEqual([
      '- todos[0].content is missing; expected a string.',
      '- todos would hold 4 items; the limit is 3. Merge steps or remove finished ones.',
    ]);
    expect(await fixture.stored()).toBe(before);
  });

  it('todos_complete and todos_remove: a bad entry does not hide an unknown id', async () => {
    const fixture = planFixture();
    await fixture.call('todo_write', open);
    const before = await fixture.stored();
    const completed = await fixture.call('todos_complete', {
      items: [{ id: 1 }, { id: 9, reason: 'done' }],
    });
    expect(lines(completed.text)).toEqual([
      '- items[0].reason is missing; expected a string.',
      '- items[1].id: there is no item #9. Current ids: #1.',
    ]);
    const removed = await fixture.call('todos_remove', { ids: [{ id: 1 }, 9] });
    expect(lines(removed.text)[1]).toBe('- ids[1]: there is no item #9. Current ids: #1.');
    expect(await fixture.stored()).toBe(before);
  });

  it('with every entry left out, only the schema problems are listed', async () => {
    const fixture = planFixture({ dropPolicy: 'reject' });
    await fixture.call('todo_write', open);
    const before = await fixture.stored();
    const result = await fixture.call('todo_write', { todos: [{ status: 'pending' }] });
    expect(lines(result.text)).toEqual(['- todos[0].content is missing; expected a string.']);
    expect(await fixture.stored()).toBe(before);
  });
});
