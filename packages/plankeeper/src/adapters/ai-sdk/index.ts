/**
 * plankeeper/ai-sdk: plan-keeping for the Vercel AI SDK (v6). The plan tools as SDK tools
 * with plankeeper's exact schemas and corrective errors, the plan section and reminders
 * through `prepareStep` (appended after the last message, never rewriting earlier ones),
 * a `planComplete()` stop condition, and `runWithPlan` for the finish and goal checks.
 *
 * @example
 * import { stepCountIs } from 'ai';
 * import { createPlankeeper } from 'plankeeper/ai-sdk';
 *
 * const planner = createPlankeeper({ key: { agent: 'support', session: 'user-42' } });
 * const { text, responseMessages } = await planner.runWithPlan({
 *   model,
 *   system: planner.instructions,
 *   tools: { ...planner.tools, lookup },
 *   prompt: 'Can I return opened headphones?',
 *   stopWhen: stepCountIs(10),
 * });
 */
export {
  createPlankeeper,
  type Plankeeper,
  type PlankeeperOptions,
} from './create-plankeeper.js';
export { ToolHeldForApproval } from './held-tools.js';
export type { PlanPrepareStep } from './plan-prepare-step.js';
export type { PlanToolSet } from './plan-tool-set.js';
export type { GenerateTextOptions, PlanRunResult } from './run-with-plan.js';
export { PlanToolRejection } from './tool-rejection.js';
