/**
 * plankeeper/langchain: plankeeper's plan tools and harness as LangChain v1 middleware,
 * a drop-in alternative to `todoListMiddleware`. The plan is kept in a PlanEngine store
 * (memory, SQLite, Redis, PostgreSQL) and shown to the model on every call, so trimming or
 * summarizing the message history never loses it. Reminders after idle tool rounds and
 * the finish and goal checks come with it.
 *
 * Good to know:
 * - Reminders and bounces are kept in the conversation as user messages; `injectionKind`
 *   tells them apart from what the user wrote, e.g. to hide them in a chat UI.
 * - Every hook is a graph step: give `invoke` a `recursionLimit` above LangGraph's 25.
 * - The model gets `todo_write`; `writeTodosAlias: true` also runs calls of
 *   todoListMiddleware's `write_todos` as `todo_write`.
 * - Like any middleware that wraps tool calls, it makes LangChain rethrow an exception
 *   from a tool rather than turn it into an error message; `toolErrorMiddleware` chooses
 *   which errors the model sees instead.
 *
 * Needs the optional peers `langchain` and `@langchain/core`.
 *
 * @example
 * import { createAgent, HumanMessage } from 'langchain';
 * import { PlanEngine } from 'plankeeper';
 * import { planMiddleware } from 'plankeeper/langchain';
 *
 * const engine = new PlanEngine();
 * const agent = createAgent({ model, tools, middleware: [planMiddleware({ engine })] });
 * await agent.invoke(
 *   { messages: [new HumanMessage('Audit the three services')] },
 *   { configurable: { thread_id: 'user-42' }, recursionLimit: 100 },
 * );
 * await engine.snapshot({ agent: 'langchain', session: 'user-42' });
 */
export { injectionKind } from './injected-message.js';
export type { PlanKeyOption, PlanKeySource } from './plan-key-source.js';
export {
  type PlanMiddleware,
  type PlanMiddlewareOptions,
  planMiddleware,
} from './plan-middleware.js';
