import { describe, expect, it } from 'vitest';
import { planFixture } from '../../test/support/plan-fixture.js';

/** A rejected call: one corrective reply, nothing stored. */
async function rejected(name: string, args: unknown) {
  const fixture = planFixture();
  await fixture.call('todo_write', { todos: [{ content: 'Keep me', status: 'in_progress' }] });
  const before = await fixture.stored();
  const result = await fixture.call(name, args);
  expect(result.ok).toBe(false);
  expect(await fixture.stored()).toBe(before);
  return result.text;
}

describe('arguments are bounded before any deep work', () => {
  it('a million ids: one line saying the limit, not a million', async () => {
    const ids = Array.from({ length: 1_000_000 }, (_, index) => index + 1);
    for (const args of [{ ids }, JSON.stringify({ ids })]) {
      const text = await rejected('todos_remove', args);
      expect(text.split('\n')).toHaveLength(2);
      expect(text).toMatch(
        /(ids has 1000000 entries; the limit is 100|longer than \d+ characters)/,
      );
    }
  });

  it('more ids than a plan can hold are rejected as a whole', async () => {
    const ids = Array.from({ length: 21 }, (_, index) => index + 1);
    expect(await rejected('todos_remove', { ids })).toContain(
      'ids has 21 entries; the limit is 20.',
    );
  });

  it('a 10⁵-deep unknown field: a depth message, no stack overflow', async () => {
    const deep = `{"todos":[],"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const says = /- x(\[0\]){7} is nested more than 8 levels deep\./;
    expect(await rejected('todo_write', deep)).toMatch(says);
    let value: unknown = [];
    for (let level = 0; level < 100_000; level++) value = [value];
    expect(await rejected('todo_write', { todos: [], x: value })).toMatch(says);
  });

  it('a 2 MB request is refused by its length, before parsing', async () => {
    const big = JSON.stringify({ ids: Array.from({ length: 600_000 }, () => '1') });
    expect(big.length).toBeGreaterThan(2_000_000);
    const rss = process.memoryUsage().rss;
    expect(await rejected('todos_remove', big)).toMatch(
      /^Rejected.*\n- The arguments are longer than \d+ characters\./,
    );
    // Generous: the point is "not hundreds of megabytes".
    expect(process.memoryUsage().rss - rss).toBeLessThan(50_000_000);
  });

  it('a full list at the longest texts still fits the bounds', async () => {
    const fixture = planFixture();
    const todos = Array.from({ length: 20 }, (_, index) => ({
      content: `${index} ${'é'.repeat(290)}`,
      status: 'pending',
      description: '"'.repeat(1000),
      activeForm: '\\'.repeat(1000),
      note: '\u2028'.repeat(1000),
    }));
    expect((await fixture.call('todo_write', JSON.stringify({ todos }))).ok).toBe(true);
  });
});

describe('a __proto__ field is unknown like any other', () => {
  it.each([
    ['todo_write', '{"todos":[],"__proto__":{}}', '__proto__'],
    [
      'todo_write',
      '{"todos":[{"content":"A","status":"pending","__proto__":{}}]}',
      'todos[0].__proto__',
    ],
    ['todos_complete', '{"items":[{"id":1,"reason":"r","__proto__":{}}]}', 'items[0].__proto__'],
    ['todos_get_all', '{"__proto__":{}}', '__proto__'],
  ])('%s %s', async (name, json, where) => {
    // Both as the string a model sent and as the object JSON.parse makes of it.
    for (const args of [json, JSON.parse(json)]) {
      expect(await rejected(name, args)).toContain(`${where}: unknown field "__proto__".`);
    }
  });

  it('also when a host copied it into the prototype (copy[key] = value)', async () => {
    const args: Record<string, unknown> = { todos: [] };
    // biome-ignore lint/suspicious/noProto: this is the copy a host makes.
    (args as { __proto__: unknown }).__proto__ = {};
    expect(await rejected('todo_write', args)).toContain(
      '__proto__: unknown field "__proto__". Allowed: todos.',
    );
  });
});
