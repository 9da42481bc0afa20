/**
 * What the model reads when a call it made from an older read meets a person's change:
 * the whole-list write that kept the person's changes, and the granular calls refused for
 * them. Driven through the real plan tools; one reviewed file per language.
 */

import { createPlanTools, getLocale, LOCALE_IDS, PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { anaCancelsAndRewords, migrationList } from '../support/person-edits-scenario.js';

const key = { agent: 'ops', session: 's1' };

describe.each(LOCALE_IDS)("a person's change met by a stale call (%s)", (localeId) => {
  it('matches the reviewed text', async () => {
    const engine = new PlanEngine();
    const locale = getLocale(localeId);
    const tools = new Map(
      createPlanTools({ engine, locale, tools: 'both' }).map((tool) => [tool.name, tool]),
    );
    const call = (name: string, args: unknown, seenVersion: number) =>
      tools.get(name)!.execute(args, { key, seenVersion });
    const list = migrationList;

    await call('todo_write', list(['in_progress', 'pending', 'pending']), 0);
    const read = await engine.snapshot(key);
    await anaCancelsAndRewords(engine, key);
    const sections: string[] = [`# A stale call meets a person's change (${localeId})`];

    const completeStale = await call(
      'todos_complete',
      { items: [{ id: '2', reason: 'emails sent' }] },
      read.version,
    );
    const removeStale = await call('todos_remove', { ids: ['1'] }, read.version);
    expect([completeStale.ok, removeStale.ok]).toEqual([false, false]);
    sections.push(
      '## todos_complete of an item the person cancelled (refused)',
      completeStale.text,
      '## todos_remove of an item the person reworded (refused)',
      removeStale.text,
    );

    const written = await call(
      'todo_write',
      list(['completed', 'in_progress', 'pending']),
      read.version,
    );
    expect(written.ok).toBe(true);
    sections.push(
      '## todo_write from the older read (kept the cancel and the rewording)',
      written.text,
    );

    const before = await engine.snapshot(key);
    await engine.editAsPerson(key, { kind: 'add', content: 'Tell support', after: '1' });
    await engine.editAsPerson(key, { kind: 'note', id: '3', text: 'Link the runbook' });
    const leftOut = await call(
      'todo_write',
      {
        todos: [
          { id: '1', content: 'Migrate STAGING DB only', status: 'completed' },
          { id: '2', content: 'Email customers', status: 'cancelled' },
          { id: '3', content: 'Write release notes', status: 'in_progress', note: 'Draft first' },
        ],
      },
      before.version,
    );
    expect(leftOut.ok).toBe(true);
    sections.push(
      '## todo_write that leaves out an item a person added, over their note (unnamed person)',
      leftOut.text,
    );

    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/person-kept.${localeId}.md`,
    );
  });
});
