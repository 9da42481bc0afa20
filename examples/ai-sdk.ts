import { type LanguageModel, type ModelMessage, stepCountIs, tool } from 'ai';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { z } from 'zod';

const searchOrders = tool({
  description: 'Find a customer order by its number.',
  inputSchema: z.object({ order: z.string() }),
  execute: async ({ order }) => `Order ${order}: headphones, delivered 3 days ago, opened.`,
});

/** Any AI SDK model with tool calling, e.g. `openai('gpt-4o-mini')` from '@ai-sdk/openai'. */
export async function answerTicket(model: LanguageModel, ticket: string) {
  const planner = createPlankeeper({
    engine: new PlanEngine(), // in memory; the SQLite, Redis and PostgreSQL stores persist
    key: { agent: 'support', session: ticket }, // from the host, never from the model
  });
  const settings = {
    model,
    system: `You are a support agent.\n\n${planner.instructions}`,
    tools: { ...planner.tools, searchOrders },
    stopWhen: stepCountIs(20),
  };

  // One call per user turn: plan section and reminders on every step, and the answer is
  // sent back once while items written this turn are still open.
  const history: ModelMessage[] = [{ role: 'user', content: 'Order 1042: can I return it?' }];
  const first = await planner.runWithPlan({ ...settings, messages: history });
  history.push(...first.responseMessages, { role: 'user', content: 'And refund it to my card?' });
  const second = await planner.runWithPlan({ ...settings, messages: history });

  const plan = await planner.engine.snapshot(planner.key);
  return { answer: second.text, plan: plan.items };
}
