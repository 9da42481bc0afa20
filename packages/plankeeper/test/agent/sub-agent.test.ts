/**
 * Sub-agent roll-up through the library's own agent loop, on every store: a parent's tool
 * delegates an item to a sub-agent; the parent's next plan section shows the sub-agent's
 * progress beside the item and one line on how it ended; another process reading the
 * store sees the link and the child plan.
 */

import type { ChatMessage, PlanStore, ToolDefinition } from 'plankeeper';
import { Agent, PlanEngine, type PlanKey, subAgentKey } from 'plankeeper';
import { engineReader, subAgentProgress } from 'plankeeper/harness';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../support/lookup-tool.js';
import { allBackends, namespaceStores, warnIfUnavailable } from '../support/store-fixtures.js';

/** A parent whose `delegate` tool runs `researcher` as a sub-agent on the item it names. */
function setUp(store: PlanStore, childSteps: ScriptStep[]) {
  const engine = new PlanEngine({ store });
  const childModel = new ScriptedModel(childSteps);
  const researcher = new Agent({ model: childModel, planning: { engine }, tools: [lookupTool] });
  const delegate: ToolDefinition = {
    name: 'delegate',
    description: 'Hand one item of your todo list to a research sub-agent.',
    inputSchema: {
      type: 'object',
      properties: { item: { type: 'string' }, task: { type: 'string' } },
      required: ['item', 'task'],
    },
    async execute(args, context) {
      const { item, task } = args as { item: string; task: string };
      // One scope per item, so each delegated item has a plan of its own.
      const scope = `research-${item}`;
      const started = await researcher.subAgent({ parent: context.key!, item, scope });
      if (!started.ok) return { ok: false, text: started.text, data: null, title: 'delegate' };
      const result = await started.session.send(task);
      const text = result.answer ?? 'The sub-agent gave no answer.';
      return { ok: true, text, data: null, title: 'delegate' };
    },
  };
  const parentModel = new ScriptedModel();
  const planner = new Agent({
    model: parentModel,
    name: 'planner',
    planning: { engine },
    tools: [delegate],
  });
  return { engine, parentModel, childModel, planner };
}

const session = () => `s-${Math.random().toString(36).slice(2, 10)}`;

/** Text of the injected messages of one request: where the plan section and notices go. */
const injected = (messages: readonly ChatMessage[]) =>
  messages
    .filter((message) => message.role === 'user' && message.injected)
    .map((message) => message.content)
    .join('\n');

describe.each(allBackends)('sub-agent roll-up through the agent loop ($name store)', (backend) => {
  const skip = warnIfUnavailable(backend, 'the sub-agent roll-up tests');

  describe.skipIf(skip)('agent', () => {
    const stores = namespaceStores(backend);

    it("shows the child's progress on the parent's item and its finish, once", async () => {
      const store = await stores.open();
      const { engine, parentModel, childModel, planner } = setUp(store, [
        write(['Search the policy', 'in_progress'], ['Summarize it', 'pending']),
        lookup('return policy'),
        write(['Search the policy', 'completed'], ['Summarize it', 'completed']),
        { final: 'Opened headphones: 30 days.' },
        { final: 'Opened headphones: 30 days, checked.' },
      ]);
      const name = session();
      parentModel.load([
        write(['Research the policy', 'in_progress'], ['Answer the customer', 'pending']),
        { tool: 'delegate', args: { item: '1', task: 'Find the return policy' } },
        write(['Research the policy', 'completed'], ['Answer the customer', 'in_progress']),
        write(['Research the policy', 'completed'], ['Answer the customer', 'completed']),
        { final: 'You can return them within 30 days.' },
        { final: 'You can return them within 30 days (checked).' },
      ]);
      const result = await planner.session(name).send('Can I return opened headphones?');
      expect(result.error).toBeNull();
      const parentKey: PlanKey = { agent: 'planner', session: name };

      // The sub-agent worked on its own plan in the child scope.
      const child = await engine.snapshot(subAgentKey(parentKey, 'research-1'));
      expect(child.items.map((item) => item.status)).toEqual(['completed', 'completed']);
      expect(
        childModel.requests[0]!.messages.some((m) => m.content.includes('Research the policy')),
      ).toBe(false);

      // The parent's call after the delegation: the end notice, then the list with progress.
      const afterDelegation = injected(parentModel.requests[2]!.messages);
      expect(afterDelegation).toContain(
        'Sub-agent on #1 finished (2/2 done). Check its result, then complete #1 yourself.',
      );
      expect(afterDelegation).toContain('- [>] #1 Research the policy (sub-agent finished: 2/2)');
      // The parent's item was not completed for it: its model did that.
      expect(parentModel.requests[2]!.messages.at(-1)?.content).not.toContain('[x] #1');
      // Told once: after the model's own rewrite, the short form and no notice again.
      const later = injected(parentModel.requests[3]!.messages);
      expect(later).not.toContain('Sub-agent on #1');
      // Right after the parent's own write: only the stored ids (the model has the rest).
      expect(later).toContain('Stored as: now #2.');

      // The link survived the parent's whole-list rewrites (same content, no ids).
      const parent = await engine.snapshot(parentKey);
      expect(parent.items[0]).toMatchObject({
        id: '1',
        status: 'completed',
        subAgent: { scope: 'research-1', ended: 'finished' },
      });
      expect(result.plan[0]?.subAgent).toEqual({ scope: 'research-1', ended: 'finished' });

      // Another process on the same store sees the link and the child's progress.
      if (backend.shared) {
        const other = new PlanEngine({ store: await stores.open() });
        const seen = await other.snapshot(parentKey);
        const progress = await subAgentProgress(engineReader(other), parentKey, seen.items);
        expect(progress.get('1')).toMatchObject({ completed: 2, total: 2 });
        const history = await other.history(parentKey);
        expect(history.map((revision) => revision.source.tool)).toContain('host:sub-agent-ended');
      }
    });

    it('reports a sub-agent that stopped with open items, and one that failed', async () => {
      const store = await stores.open();
      const { parentModel, planner } = setUp(store, [
        write(['Search the policy', 'completed'], ['Ask the vendor', 'pending']),
        { final: 'Found the policy; the vendor is not reachable.' },
        { final: 'Found the policy; I could not reach the vendor.' },
        // The second sub-agent run: the script runs out on its first call.
      ]);
      const name = session();
      parentModel.load([
        write(['Research the policy', 'in_progress'], ['Check the warranty', 'pending']),
        { tool: 'delegate', args: { item: '1', task: 'Find the return policy' } },
        { tool: 'delegate', args: { item: '2', task: 'Check the warranty' } },
        { final: 'Partly done: the vendor could not be reached.' },
      ]);
      await planner.session(name).send('Can I return opened headphones?');
      const afterFirst = injected(parentModel.requests[2]!.messages);
      expect(afterFirst).toContain(
        'Sub-agent on #1 stopped with 1 open (1/2 done; its open items: #2). Decide what to do with #1.',
      );
      expect(afterFirst).toContain('#1 Research the policy (sub-agent stopped: 1/2)');
      const afterSecond = injected(parentModel.requests[3]!.messages);
      expect(afterSecond).toMatch(
        /Sub-agent on #2 failed: "?The script ran out[^\n]*\(it kept no todo list\)\. Decide what to do with #2\./,
      );
      expect(afterSecond).not.toContain('Sub-agent on #1');
      expect(afterSecond).toContain('#1 Research the policy (sub-agent stopped: 1/2)');
      expect(afterSecond).toContain('#2 Check the warranty (sub-agent failed: no plan yet)');
    });

    it('refuses a bad item with a line the model can act on, and changes nothing', async () => {
      const store = await stores.open();
      const { engine, parentModel, childModel, planner } = setUp(store, []);
      const name = session();
      parentModel.load([
        write(['Research the policy', 'completed'], ['Answer', 'in_progress']),
        { tool: 'delegate', args: { item: '9', task: 'x' } },
        { tool: 'delegate', args: { item: '1', task: 'x' } },
        { final: 'Done.' },
        { final: 'Done, checked.' },
      ]);
      const parentKey: PlanKey = { agent: 'planner', session: name };
      await planner.session(name).send('Answer the customer');
      const results = parentModel.requests[4]!.messages.filter((m) => m.role === 'tool');
      expect(results.map((m) => m.content).slice(1)).toEqual([
        'There is no item #9; delegate one of #1, #2.',
        '#1 is already completed; delegate a pending or in-progress item.',
      ]);
      const plan = await engine.snapshot(parentKey);
      expect(plan.version).toBe(1);
      expect(plan.items.some((item) => item.subAgent)).toBe(false);
      expect(childModel.requests).toHaveLength(0);
    });
  });
});
