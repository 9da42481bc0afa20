import { Agent, type Model, tool } from '@openai/agents';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/openai-agents';
import { z } from 'zod';

const searchOrders = tool({
  name: 'search_orders',
  description: 'Find a customer order by its number.',
  parameters: z.object({ order: z.string() }),
  execute: async ({ order }) => `Order ${order}: headphones, delivered 3 days ago, opened.`,
});

/** A model name such as 'gpt-4.1-mini' (reads OPENAI_API_KEY), or any Agents SDK `Model`. */
export async function answerTicket(model: string | Model, ticket: string) {
  const planner = createPlankeeper({
    engine: new PlanEngine(), // in memory; the SQLite, Redis and PostgreSQL stores persist
    key: { agent: 'support', session: ticket }, // from the host, never from the model
  });
  const agent = new Agent({
    name: 'Support',
    instructions: `You are a support agent.\n\n${planner.instructions}`,
    model,
    tools: [...planner.tools, searchOrders],
  });

  // One run per user turn: plan section and reminders on every model call, and the answer
  // is sent back once while items written this turn are still open.
  const first = await planner.runWithPlan(agent, 'Order 1042: can I return it?');
  const second = await planner.runWithPlan(agent, [
    ...first.result.history, // keep the history yourself; sessions are not supported
    { role: 'user', content: 'And refund it to my card?' },
  ]);

  const plan = await planner.engine.snapshot(planner.key);
  return { answer: second.finalOutput, plan: plan.items };
}
