import { Agent, PlanEngine, type ToolDefinition } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';

export async function delegateResearch() {
  const engine = new PlanEngine(); // the parent's and the sub-agents' plans share one store

  // The sub-agent: a model, tools and a plan of its own, in a child scope of the parent's plan.
  const researcher = new Agent({
    model: new ScriptedModel([
      {
        tool: 'todo_write',
        args: {
          todos: [
            { content: 'Search the policy', status: 'completed' },
            { content: 'Quote the clause', status: 'completed' },
          ],
        },
      },
      { final: 'Opened headphones: 14 days (clause 4.2).' },
    ]),
    planning: { engine },
  });

  // The parent's tool: runs the sub-agent on the item its model names.
  const research: ToolDefinition = {
    name: 'research',
    description: 'Hand one item of your todo list to a research sub-agent.',
    inputSchema: {
      type: 'object',
      properties: { item: { type: 'string' }, question: { type: 'string' } },
      required: ['item', 'question'],
    },
    async execute(args, context) {
      const { item, question } = (typeof args === 'string' ? JSON.parse(args) : args) as {
        item: string;
        question: string;
      };
      const started = await researcher.subAgent({
        parent: context.key!, // the parent's plan key, from the host
        item,
        scope: `research-${item}`,
      });
      if (!started.ok) return { ok: false, text: started.text, data: null, title: 'research' };
      const result = await started.session.send(question);
      const text = result.answer ?? `The sub-agent failed: ${result.error}`;
      return { ok: result.error === null, text, data: null, title: 'research' };
    },
  };

  const model = new ScriptedModel([
    {
      tool: 'todo_write',
      args: {
        todos: [
          { content: 'Research the return policy', status: 'in_progress' },
          { content: 'Answer the customer', status: 'pending' },
        ],
      },
    },
    { tool: 'research', args: { item: '1', question: 'Return policy for opened headphones?' } },
    {
      tool: 'todo_write',
      args: {
        todos: [
          { content: 'Research the return policy', status: 'completed' },
          { content: 'Answer the customer', status: 'completed' },
        ],
      },
    },
    { final: 'Yes, within 14 days (clause 4.2).' },
  ]);
  const planner = new Agent({ model, planning: { engine }, tools: [research] });
  const result = await planner.run('Can I return opened headphones?');
  // What the parent's model read after the sub-agent's turn ended:
  const afterResearch = model.requests[2]!.messages.at(-1)!.content;
  return { answer: result.answer, afterResearch, plan: result.plan };
}
