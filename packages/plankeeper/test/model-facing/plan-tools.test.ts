/**
 * Everything the model sees from the plan engine and tools, per language, in one
 * readable file per language. A change to any of it shows up as a snapshot diff.
 */

import { defaultInstructions, getLocale, LOCALE_IDS, renderPlan } from 'plankeeper';
import type { PlanIssue } from 'plankeeper/tools';
import { formatPath } from 'plankeeper/tools';
import { describe, expect, it } from 'vitest';
import { planFixture } from '../support/plan-fixture.js';

const everyIssue: PlanIssue[] = [
  { code: 'invalid_json', path: [], position: 12 },
  { code: 'trailing_data', path: [], position: 40 },
  { code: 'not_object', path: [], received: 'array' },
  { code: 'missing', path: ['todos'], expected: 'array' },
  {
    code: 'missing',
    path: ['todos', 0, 'status'],
    expected: 'pending | in_progress | completed | cancelled',
  },
  { code: 'null', path: ['todos'], expected: 'array' },
  { code: 'wrong_type', path: ['todos', 1, 'content'], expected: 'string', received: 'number' },
  { code: 'wrong_type', path: ['todos'], expected: 'array', received: 'string', encoded: true },
  {
    code: 'unknown_field',
    path: ['todos', 0, 'priority'],
    field: 'priority',
    allowed: ['id', 'content', 'status'],
  },
  { code: 'bad_status', path: ['todos', 0, 'status'], received: '"done"' },
  { code: 'bad_id', path: ['items', 0, 'id'], received: '"one"' },
  { code: 'blank', path: ['todos', 2, 'content'] },
  { code: 'bad_character', path: ['todos', 0, 'content'], character: 'nul' },
  { code: 'bad_character', path: ['items', 1, 'reason'], character: 'lone_surrogate' },
  { code: 'too_long', path: ['todos', 0, 'content'], maximum: 300, length: 412 },
  { code: 'too_many_items', path: ['todos'], maximum: 20, count: 23 },
  { code: 'empty_list', path: ['ids'] },
  {
    code: 'multiple_in_progress',
    path: ['todos'],
    entries: [
      { index: 0, id: '2', content: 'Draft the answer' },
      { index: 2, content: 'Send it' },
    ],
  },
  { code: 'duplicate_id', path: ['todos', 1, 'id'], id: '1' },
  { code: 'unknown_id', path: ['todos', 0, 'id'], id: '9', known: ['1', '2'], omitToAdd: true },
  { code: 'unknown_id', path: ['items', 0, 'id'], id: '9', known: ['1', '2'] },
  { code: 'unknown_id', path: ['ids', 0], id: '9', known: [] },
  { code: 'dropped_open', path: ['todos'], ids: ['2', '4'] },
  { code: 'alias_conflict', path: ['todos', 0, 'title'] },
  { code: 'out_of_range', path: ['limit'], maximum: 100, received: '500' },
  { code: 'too_many_entries', path: ['ids'], maximum: 20, count: 1000000 },
  { code: 'too_deep', path: ['todos', 0, 'note'], maximum: 8 },
  { code: 'request_too_large', path: [], maximum: 210000 },
];

describe.each(LOCALE_IDS)('what the model sees (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const locale = getLocale(localeId);
    const fixture = planFixture({ locale: localeId });
    const sections: string[] = [`# Model-facing text (${localeId})`];
    sections.push('## Default instructions', defaultInstructions(localeId));
    for (const tool of fixture.tools) {
      sections.push(
        `## Tool ${tool.name}`,
        tool.description,
        `\`\`\`json\n${JSON.stringify(tool.inputSchema, null, 2)}\n\`\`\``,
      );
    }
    const results: [string, string, unknown][] = [
      [
        'todo_write',
        'plan',
        {
          todos: [
            { content: 'Look up the policy', status: 'in_progress' },
            { content: 'Draft the answer', status: 'pending' },
          ],
        },
      ],
      [
        'todo_write',
        'the same list again',
        {
          todos: [
            { content: 'Look up the policy', status: 'in_progress' },
            { content: 'Draft the answer', status: 'pending' },
          ],
        },
      ],
      [
        'todo_write',
        'unknown field and unknown id',
        { todos: [{ id: 7, content: 'Look up the policy', status: 'pending', priority: 1 }] },
      ],
      [
        'todo_write',
        'drop an open item',
        { todos: [{ id: 1, content: 'Look up the policy', status: 'completed' }] },
      ],
      [
        'todos_add',
        'add',
        { todos: [{ content: 'Check the warranty' }, { content: 'Send the answer' }] },
      ],
      [
        'todos_complete',
        'complete',
        {
          items: [
            { id: 3, reason: 'warranty is 2 years' },
            { id: 1, reason: 'again' },
          ],
        },
      ],
      ['todos_remove', 'remove', { ids: [4] }],
      ['todos_get_remaining', 'remaining', {}],
      ['todos_get_all', 'all', {}],
      [
        'todo_write',
        'rejected',
        {
          todos: [
            { content: 'A', status: 'in_progress' },
            { content: 'B', status: 'in_progress' },
          ],
        },
      ],
      [
        'todo_write',
        'todos sent as a JSON string',
        { todos: JSON.stringify([{ content: 'A', status: 'pending' }]) },
      ],
      [
        'todos_complete',
        'an id beyond the safe integers',
        { items: [{ id: 2 ** 53, reason: 'x' }] },
      ],
      ['todos_complete', 'an unknown id', { items: [{ id: 9, reason: 'done' }] }],
      [
        'todo_write',
        'two entries in progress, one of them new',
        {
          todos: [
            { id: 1, content: 'Look up the policy', status: 'completed' },
            { content: 'Check the warranty', status: 'in_progress' },
            { content: 'Send the answer', status: 'in_progress' },
          ],
        },
      ],
      [
        'todo_write',
        'an over-long content and a blank one',
        {
          todos: [
            { content: 'x'.repeat(301), status: 'pending' },
            { content: ' \u200b ', status: 'pending' },
          ],
        },
      ],
      [
        'todo_write',
        'an entry without content beside other mistakes',
        {
          todos: [
            { status: 'in_progress' },
            { content: ' ', status: 'pending' },
            { id: 9, content: 'Check the warranty', status: 'in_progress' },
            { content: 'Send the answer', status: 'in_progress' },
          ],
        },
      ],
      ['todos_add', 'an open item', { todos: [{ content: 'Call the shop' }] }],
      ['todo_write', 'clear with open items', { todos: [] }],
      ['todos_get_remaining', 'nothing remaining', {}],
      ['todo_read', 'empty', {}],
    ];
    for (const [name, label, args] of results) {
      const result = await fixture.call(name, args);
      sections.push(
        `## Result: ${name} (${label}), ok=${result.ok}`,
        `Title: ${result.title}`,
        result.text,
      );
    }
    sections.push(
      '## Every rejection line',
      locale.results.rejected(
        everyIssue.map((issue) => locale.issue(issue, formatPath(issue.path))),
        2,
      ),
      '## Plan with every status',
      renderPlan(
        [
          { id: '1', content: 'Look up the policy', status: 'completed' },
          { id: '2', content: 'Draft the answer', status: 'in_progress' },
          { id: '3', content: 'Send it', status: 'pending', description: 'by email' },
          { id: '4', content: 'Call the shop', status: 'cancelled' },
        ],
        { locale },
      ),
    );
    sections.push(
      '## Plan with text that would hide or reorder itself',
      renderPlan(
        [
          { id: '1', content: 'invoice\u202Etxt.exe', status: 'pending' },
          {
            id: '2',
            content: 'pay\u200bpal',
            status: 'pending',
            description: 'c1\u0085 nul\u0000',
          },
          { id: '3', content: '👩‍💻 review 退货', status: 'pending' },
        ],
        { locale },
      ),
    );
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/plan-tools.${localeId}.md`,
    );
  });
});
