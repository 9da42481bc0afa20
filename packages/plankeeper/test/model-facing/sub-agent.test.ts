/** Everything the parent model reads about its sub-agents, per language, reviewed as one file each. */

import { getLocale, LOCALE_IDS, PlanEngine, PlanHarness } from 'plankeeper';
import { endSubAgent, quoteText, startSubAgent } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';

describe.each(LOCALE_IDS)('sub-agent texts (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const locale = getLocale(localeId);
    const engine = new PlanEngine();
    const key = { agent: 'planner', session: 'snapshot' };
    const harness = new PlanHarness({ engine, key, locale });
    const turn = await harness.beginTurn('Can I return opened headphones?');
    await engine.write(
      key,
      [
        { content: 'Research the policy', status: 'in_progress' },
        { content: 'Check the warranty', status: 'pending' },
        { content: 'Answer the customer', status: 'pending' },
      ],
      { turn: turn.id },
    );
    // The model sees the plan once: what follows is news against it.
    await harness.planSection();
    await harness.endToolRound();

    const research = await startSubAgent(engine, {
      parent: key,
      item: '1',
      scope: 'research',
      locale,
    });
    const warranty = await startSubAgent(engine, {
      parent: key,
      item: '2',
      scope: 'warranty',
      locale,
    });
    if (!research.ok || !warranty.ok) throw new Error('delegation refused');
    await engine.write(research.sub.key, [
      { content: 'Search the policy', status: 'completed' },
      { content: 'Summarize it', status: 'in_progress' },
      { content: 'Quote the source', status: 'pending' },
    ]);
    const working = await harness.planSection();
    await harness.endToolRound();

    await engine.complete(research.sub.key, [
      { id: '2', reason: 'summarized' },
      { id: '3', reason: 'quoted' },
    ]);
    await endSubAgent(engine, research.sub);
    await endSubAgent(engine, warranty.sub, {
      error: new Error('Model call timed out\nafter 60 s'),
    });
    const ended = await harness.planSection();
    await harness.endToolRound();

    const sections = [
      `# Sub-agent texts (${localeId})`,
      '## Plan section while sub-agents work (one has no plan yet)',
      working?.text,
      '## Plan section after both ended (the notices, once)',
      ended?.text,
      '## Ended: stopped with open items',
      locale.subAgent.ended(
        {
          item: '2',
          scope: 'warranty',
          ended: 'stopped',
          progress: { total: 3, completed: 1, cancelled: 0, inProgress: 1, pending: 1 },
          open: ['2', '3'],
        },
        quoteText,
      ),
      '## Refused delegations',
      locale.subAgent.problem({ code: 'unknown_id', id: '9', known: ['1', '2', '3'] }),
      locale.subAgent.problem({ code: 'unknown_id', id: '1', known: [] }),
      locale.subAgent.problem({ code: 'not_open', id: '1', status: 'completed' }),
      locale.subAgent.problem({ code: 'bad_scope', scope: '' }),
    ];
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/sub-agent.${localeId}.md`,
    );
  });
});
