/**
 * plankeeper/openai-agents: plan-keeping for the OpenAI Agents SDK. The plan tools as
 * function tools with plankeeper's exact schemas and corrective results, the plan
 * section and reminders through `callModelInputFilter` (appended after the last item,
 * never rewriting earlier ones or the instructions), and `runWithPlan` for the finish
 * and goal checks.
 *
 * @example
 * import { Agent } from '@openai/agents';
 * import { createPlankeeper } from 'plankeeper/openai-agents';
 *
 * const planner = createPlankeeper({ key: { agent: 'support', session: 'user-42' } });
 * const agent = new Agent({
 *   name: 'Support',
 *   instructions: `You answer customer questions.\n\n${planner.instructions}`,
 *   tools: [...planner.tools, lookup],
 * });
 * const { finalOutput } = await planner.runWithPlan(agent, 'Can I return opened headphones?');
 */
export {
  createPlankeeper,
  type Plankeeper,
  type PlankeeperOptions,
} from './create-plankeeper.js';
export type { PlanFunctionTool } from './plan-function-tools.js';
export type { PlanRunOptions, PlanRunResult } from './run-with-plan.js';
