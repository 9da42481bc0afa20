/** `plankeeper todos` shows a delegated item's sub-agent progress and how to open its plan. */
import { getLocale } from 'plankeeper';
import { endSubAgent, startSubAgent } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { seededStore } from '../support/seeded-store.js';

const delegatedStore = () =>
  seededStore('plankeeper-sub-agents-', async (engine) => {
    const key = { agent: 'support', session: 'ticket-7' };
    await engine.write(key, [
      { content: 'Research the policy', status: 'in_progress' },
      { content: 'Check the warranty', status: 'pending' },
      { content: 'Answer', status: 'pending' },
    ]);
    const locale = getLocale('en');
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
      { content: 'Search', status: 'completed' },
      { content: 'Summarize', status: 'pending' },
    ]);
    await endSubAgent(engine, research.sub);
  });

describe('plankeeper todos with sub-agents', () => {
  it('shows the progress on the item and the command for the child plan', async () => {
    const store = await delegatedStore();
    const { code, stdout } = await runCli(['todos', '--store', store, '--session', 'ticket-7']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        '- [>] #1 Research the policy (sub-agent stopped: 1/2)',
        '- [ ] #2 Check the warranty (sub-agent: no plan yet)',
        '- [ ] #3 Answer',
        '',
        'Sub-agent plans:',
        `  #1  plankeeper todos --store ${store} --agent support --session ticket-7 --scope research`,
        `  #2  plankeeper todos --store ${store} --agent support --session ticket-7 --scope warranty`,
      ].join('\n'),
    );
    expect(stdout).toMatch(/host:sub-agent-ended: sub-agent on #1 stopped: 1\/2 done/);

    // The printed command opens the child plan.
    const child = await runCli([
      'todos',
      '--store',
      store,
      '--agent',
      'support',
      '--session',
      'ticket-7',
      '--scope',
      'research',
    ]);
    expect(child.stdout).toContain('- [x] #1 Search\n- [ ] #2 Summarize');

    const zh = await runCli(['todos', '--store', store, '--session', 'ticket-7', '--lang', 'zh']);
    expect(zh.stdout).toContain('- [>] #1 Research the policy（子代理已停止：1/2）');

    const json = JSON.parse(
      (await runCli(['todos', '--store', store, '--session', 'ticket-7', '--json'])).stdout,
    );
    expect(json.subAgents).toEqual([
      {
        item: '1',
        scope: 'research',
        key: { agent: 'support', session: 'ticket-7', scope: ['research'] },
        ended: 'stopped',
        total: 2,
        completed: 1,
      },
      {
        item: '2',
        scope: 'warranty',
        key: { agent: 'support', session: 'ticket-7', scope: ['warranty'] },
      },
    ]);
    expect(json.plan.items[0].subAgent).toEqual({ scope: 'research', ended: 'stopped' });
  });
});
