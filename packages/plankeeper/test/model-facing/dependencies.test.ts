/**
 * Everything the model reads about item dependencies (`blockedBy`), per language: results
 * of a release plan worked through under `enforce` and `warn`, every rejection, and the
 * rendering. The field descriptions are in the tool schemas of plan-tools.*.md.
 */

import { getLocale, LOCALE_IDS, renderPlan } from 'plankeeper';
import type { PlanIssue } from 'plankeeper/tools';
import { formatPath } from 'plankeeper/tools';
import { describe, expect, it } from 'vitest';
import { planFixture } from '../support/plan-fixture.js';

const everyIssue: PlanIssue[] = [
  { code: 'unknown_blocker', path: ['todos', 2, 'blockedBy', 0], received: '9', known: ['1', '2'] },
  { code: 'unknown_blocker', path: ['todos', 0, 'blockedBy', 1], received: 'Lint', known: ['1'] },
  { code: 'unknown_blocker', path: ['todos', 1, 'blockedBy', 0], received: 'Lint', known: [] },
  { code: 'ambiguous_blocker', path: ['todos', 2, 'blockedBy', 0], received: 'Check', known: [] },
  {
    code: 'dependency_cycle',
    path: ['todos', 0, 'blockedBy'],
    cycle: [
      { id: '1', content: 'Run tests' },
      { index: 2, content: 'Deploy' },
      { id: '1', content: 'Run tests' },
    ],
  },
  {
    code: 'blocked',
    path: ['todos', 1, 'status'],
    entry: { id: '2', content: 'Build' },
    status: 'in_progress',
    open: [{ id: '1', content: 'Run tests' }],
  },
  {
    code: 'blocked',
    path: ['items', 0, 'id'],
    entry: { id: '3', content: 'Deploy' },
    status: 'completed',
    open: [
      { id: '1', content: 'Run tests' },
      { index: 1, content: 'Build' },
    ],
  },
];

const chain = [
  { content: 'Run tests', status: 'pending' },
  { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
  { content: 'Deploy', status: 'pending', blockedBy: ['Build'] },
];

describe.each(LOCALE_IDS)('what the model reads about dependencies (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const locale = getLocale(localeId);
    const sections: string[] = [`# Dependencies: model-facing text (${localeId})`];
    const calls = async (
      mode: 'enforce' | 'warn',
      steps: [string, string, unknown][],
    ): Promise<void> => {
      const fixture = planFixture({ locale: localeId, tools: 'both', dependencies: mode });
      for (const [name, label, args] of steps) {
        const result = await fixture.call(name, args);
        sections.push(
          `## ${mode}: ${name} (${label}), ok=${result.ok}`,
          `Title: ${result.title}`,
          result.text,
        );
      }
    };
    await calls('enforce', [
      [
        'todo_write',
        'blockers by content and by an unknown id',
        {
          todos: [
            { content: 'Run tests', status: 'pending' },
            { content: 'Build', status: 'pending', blockedBy: ['Run test'] },
            { content: 'Deploy', status: 'pending', blockedBy: [4] },
          ],
        },
      ],
      ['todo_write', 'a chain', { todos: chain }],
      [
        'todo_write',
        'a cycle',
        {
          todos: [
            { id: 1, content: 'Run tests', status: 'pending', blockedBy: [3] },
            { id: 2, content: 'Build', status: 'pending' },
            { id: 3, content: 'Deploy', status: 'pending' },
          ],
        },
      ],
      [
        'todo_write',
        'start an item whose blocker is open',
        {
          todos: [
            { id: 1, content: 'Run tests', status: 'pending' },
            { id: 2, content: 'Build', status: 'in_progress' },
            { id: 3, content: 'Deploy', status: 'pending' },
          ],
        },
      ],
      ['todos_complete', 'complete a blocked item', { items: [{ id: 3, reason: 'deployed' }] }],
      [
        'todos_add',
        'entries naming an existing id and each other',
        {
          todos: [
            { content: 'Announce', blockedBy: [3, 'Tag the release'] },
            { content: 'Tag the release', blockedBy: [3] },
          ],
        },
      ],
      ['todos_get_remaining', 'ready first, blocked marked', {}],
      [
        'todo_write',
        'cancel a blocker',
        {
          todos: [
            { id: 1, content: 'Run tests', status: 'cancelled' },
            { id: 2, content: 'Build', status: 'in_progress' },
            { id: 3, content: 'Deploy', status: 'pending' },
            { id: 4, content: 'Announce', status: 'pending' },
            { id: 5, content: 'Tag the release', status: 'pending' },
          ],
        },
      ],
      ['todos_remove', 'remove a blocker', { ids: [2] }],
    ]);
    await calls('warn', [
      ['todo_write', 'a chain', { todos: chain }],
      ['todos_complete', 'complete out of order', { items: [{ id: 3, reason: 'deployed' }] }],
    ]);
    sections.push(
      '## Every dependency rejection line',
      locale.results.rejected(
        everyIssue.map((issue) => locale.issue(issue, formatPath(issue.path))),
        0,
      ),
      '## Plan with dependencies',
      renderPlan(
        [
          { id: '1', content: 'Run tests', status: 'completed' },
          { id: '2', content: 'Build', status: 'in_progress', blockedBy: ['1'] },
          { id: '3', content: 'Deploy', status: 'pending', blockedBy: ['1', '2'] },
        ],
        { locale },
      ),
      '## The same plan with blocked items marked',
      renderPlan(
        [
          { id: '1', content: 'Run tests', status: 'completed' },
          { id: '2', content: 'Build', status: 'in_progress', blockedBy: ['1'] },
          { id: '3', content: 'Deploy', status: 'pending', blockedBy: ['1', '2'] },
        ],
        { locale, markBlocked: true },
      ),
    );
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/dependencies.${localeId}.md`,
    );
  });
});
