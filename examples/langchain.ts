import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { createAgent, HumanMessage, summarizationMiddleware, tool } from 'langchain';
import { PlanEngine } from 'plankeeper';
import { planMiddleware } from 'plankeeper/langchain';
import { z } from 'zod';

const searchIncidents = tool(async ({ service }) => `No open incidents for ${service}.`, {
  name: 'search_incidents',
  description: 'Search the incident log for one service.',
  schema: z.object({ service: z.string() }),
});

/** Any chat model with tool calling, e.g. `new ChatOpenAI({ model: 'gpt-4o-mini' })`. */
export async function auditServices(model: BaseChatModel) {
  const engine = new PlanEngine(); // in memory; the SQLite, Redis and PostgreSQL stores persist
  const agent = createAgent({
    model,
    tools: [searchIncidents],
    systemPrompt: 'You are an on-call assistant.',
    middleware: [
      // Trim the history as much as you like: the plan lives in the engine, not in it.
      summarizationMiddleware({ model, trigger: { tokens: 50_000 } }),
      planMiddleware({ engine }), // in place of todoListMiddleware()
    ],
  });

  const threadId = 'incident-7'; // the plan's session comes from the host, never the model
  const result = await agent.invoke(
    { messages: [new HumanMessage('Check billing, search and login for open incidents.')] },
    // Each middleware hook is a graph step, so allow more than LangGraph's default of 25.
    { configurable: { thread_id: threadId }, recursionLimit: 100 },
  );

  const plan = await engine.snapshot({ agent: 'langchain', session: threadId });
  return { answer: result.messages.at(-1)?.text, plan: plan.items };
}
