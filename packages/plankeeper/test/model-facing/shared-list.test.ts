/**
 * What a session of a shared list reads, per language: the refusals naming the owner, the
 * late-claim note, and the plan section with the others' work. Driven through the real plan
 * tools and harness of two sessions on one list; one reviewed file per language.
 */

import { createPlanTools, getLocale, LOCALE_IDS, PlanEngine, PlanHarness } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';

const key = sharedListKey('release');

describe.each(LOCALE_IDS)('a shared list as the model sees it (%s)', (localeId) => {
  it('matches the reviewed text, and refused calls leave the plan as it was', async () => {
    const engine = new PlanEngine();
    const locale = getLocale(localeId);
    const tools = new Map(
      createPlanTools({ engine, locale, tools: 'both' }).map((tool) => [tool.name, tool]),
    );
    const harnessA = new PlanHarness({ engine, key, locale, owner: 'sess-a' });
    const harnessB = new PlanHarness({ engine, key, locale, owner: 'sess-b' });
    await harnessA.beginTurn('Release 1.4');
    await harnessB.beginTurn('Release 1.4');
    const run = (harness: PlanHarness, name: string, args: unknown) =>
      harness.wrapTool({
        name,
        run: (context) => tools.get(name)!.execute(args, context),
        outcome: (result) => ({ ok: result.ok, result }),
      });
    const list = (claimed: Record<string, 'in_progress' | 'completed'>) => ({
      todos: ['Write docs', 'Write tests', 'Fix lint', 'Ship'].map((content, index) => ({
        id: String(index + 1),
        content,
        status: claimed[String(index + 1)] ?? 'pending',
      })),
    });

    const sections: string[] = [`# Shared list (${localeId})`];
    await run(harnessA, 'todos_add', {
      todos: [
        { content: 'Write docs' },
        { content: 'Write tests' },
        { content: 'Fix lint' },
        { content: 'Ship' },
      ],
    });
    const claimB = await run(harnessB, 'todo_write', list({ '2': 'in_progress' }));
    sections.push('## sess-b starts #2 (todo_write result)', claimB.text);

    const before = await engine.snapshot(key);
    const completeOthers = await run(harnessA, 'todos_complete', {
      items: [{ id: '2', reason: 'tests pass' }],
    });
    const rewriteOthers = await run(harnessA, 'todo_write', {
      todos: [{ id: '1', content: 'Write docs', status: 'in_progress' }],
    });
    expect([completeOthers.ok, rewriteOthers.ok]).toEqual([false, false]);
    expect(await engine.snapshot(key)).toEqual(before);
    sections.push(
      '## sess-a tries to complete #2 (refused)',
      completeOthers.text,
      '## sess-a sends a list without #2 (refused)',
      rewriteOthers.text,
    );

    // sess-a claims #2 from a read before sess-b's: kept as sess-b's, and sess-a is told.
    const late = await run(harnessA, 'todo_write', list({ '2': 'in_progress' }));
    expect(late.ok).toBe(true);
    sections.push('## sess-a claims #2 too late', late.text);

    const claimA = await run(
      harnessA,
      'todo_write',
      list({ '1': 'in_progress', '2': 'in_progress' }),
    );
    expect(claimA.ok).toBe(true);
    await run(harnessB, 'todos_complete', { items: [{ id: '2', reason: 'tests pass' }] });
    await run(
      harnessB,
      'todo_write',
      list({ '1': 'in_progress', '2': 'completed', '3': 'in_progress' }),
    );
    const reopen = await run(harnessA, 'todo_write', list({ '1': 'in_progress' }));
    expect(reopen.ok).toBe(false);
    sections.push("## sess-a sets sess-b's finished #2 back to pending (refused)", reopen.text);

    const full = (await harnessA.planSection())!.text;
    // The model answered with tool calls: it has seen that list, so the next one is short.
    await harnessA.endToolRound();
    const focus = (await harnessA.planSection())!.text;
    sections.push(
      '## Plan section of sess-a (full form)',
      full,
      '## Plan section of sess-a (unchanged: focus form)',
      focus,
      '## The others line with more sessions than it lists',
      locale.shared.others(
        [
          { owner: 'sess-b', id: '3', content: 'Fix lint' },
          { owner: 'sess-c', id: '5', content: 'Tag the release' },
          { owner: 'sess-d', id: '6', content: 'Announce' },
        ],
        2,
      ),
    );
    // sess-b's item in progress is not sess-a's to finish: only #1 (its own) and #4 bounce.
    const bounce = await harnessA.checkFinish('Done.');
    sections.push('## Finish check of sess-a', bounce!.text);
    expect(bounce!.text).not.toContain('#3');

    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/shared-list.${localeId}.md`,
    );
  });
});
