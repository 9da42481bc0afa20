/**
 * Sub-agent roll-up through the AI SDK's own loop, on every store: the parent's
 * `delegate` tool runs a second `generateText` with its own planner on the child scope;
 * the parent's next step shows the sub-agent's progress on the item and how it ended.
 */
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { getLocale, PlanEngine, subAgentKey } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { endSubAgent, startSubAgent } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';
import { promptLines, scriptedModel } from '../../support/models/ai-sdk.js';
import { allBackends, namespaceStores, warnIfUnavailable } from '../../support/store-fixtures.js';

const en = getLocale('en');

describe.each(allBackends)('sub-agent roll-up through generateText ($name store)', (backend) => {
  const skip = warnIfUnavailable(backend, 'the AI SDK sub-agent tests');

  describe.skipIf(skip)('ai-sdk', () => {
    const stores = namespaceStores(backend);

    it("shows the child's progress and its stop with open items in the parent's next step", async () => {
      const engine = new PlanEngine({ store: await stores.open() });
      const key = { agent: 'support', session: `s-${Math.random().toString(36).slice(2, 10)}` };
      const parent = createPlankeeper({ key, engine });
      const childModel = scriptedModel([
        {
          call: 'todo_write',
          input: {
            todos: [
              { content: 'Search the policy', status: 'completed' },
              { content: 'Ask the vendor', status: 'pending' },
            ],
          },
        },
        { text: 'Found the policy; the vendor did not answer.' },
      ]);
      const delegate = tool({
        description: 'Hand one item of your todo list to a research sub-agent.',
        inputSchema: jsonSchema<{ item: string; task: string }>({
          type: 'object',
          properties: { item: { type: 'string' }, task: { type: 'string' } },
          required: ['item', 'task'],
        }),
        execute: async ({ item, task }) => {
          const started = await startSubAgent(engine, {
            parent: key,
            item,
            scope: 'research',
            locale: en,
          });
          if (!started.ok) return started.text;
          const child = createPlankeeper({ key: started.sub.key, engine });
          await child.beginTurn(task);
          try {
            const result = await generateText({
              model: childModel,
              tools: child.tools,
              prompt: task,
              prepareStep: child.prepareStep,
              stopWhen: stepCountIs(5),
            });
            await endSubAgent(engine, started.sub);
            return result.text;
          } catch (error) {
            await endSubAgent(engine, started.sub, { error });
            throw error;
          }
        },
      });
      const parentModel = scriptedModel([
        {
          call: 'todo_write',
          input: {
            todos: [
              { content: 'Research the policy', status: 'in_progress' },
              { content: 'Answer the customer', status: 'pending' },
            ],
          },
        },
        { call: 'delegate', input: { item: '1', task: 'Find the return policy' } },
        { text: 'Partly done: the vendor did not answer.' },
      ]);
      await parent.beginTurn('Can I return opened headphones?');
      await generateText({
        model: parentModel,
        tools: { ...parent.tools, delegate },
        prompt: 'Can I return opened headphones?',
        prepareStep: parent.prepareStep,
        stopWhen: stepCountIs(5),
      });

      // The child's own loop ran on the child scope's plan.
      expect(childModel.doGenerateCalls).toHaveLength(2);
      const childPlan = await engine.snapshot(subAgentKey(key, 'research'));
      expect(childPlan.items.map((item) => item.status)).toEqual(['completed', 'pending']);
      // The parent's step after the delegation: the notice, then the list with the progress.
      const lines = promptLines(parentModel.doGenerateCalls[2]);
      expect(lines.at(-1)).toBe(
        [
          'user: Sub-agent on #1 stopped with 1 open (1/2 done; its open items: #2). Decide what to do with #1.',
          '### Current todo list (0/2 completed)',
          '- [>] #1 Research the policy (sub-agent stopped: 1/2)',
          '- [ ] #2 Answer the customer',
        ].join('\n'),
      );
      // The parent's item is the parent model's to close.
      expect((await engine.snapshot(key)).items[0]).toMatchObject({
        status: 'in_progress',
        subAgent: { scope: 'research', ended: 'stopped' },
      });
    });
  });
});
