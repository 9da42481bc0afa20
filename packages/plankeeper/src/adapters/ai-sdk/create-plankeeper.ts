/**
 * Everything an AI SDK app needs for one conversation's plan: tools, instructions, a
 * `prepareStep`, a stop condition and a `generateText` wrapper with the finish checks,
 * all driving one PlanHarness.
 */
import type { ModelMessage, StopCondition, ToolSet } from 'ai';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { ConversationLedger } from '../../harness/conversation-ledger.js';
import type { PlanHarness } from '../../harness/plan-harness.js';
import { type PlanSetupOptions, setUpPlan } from '../../harness/plan-setup.js';
import { holdTools } from './held-tools.js';
import { planCompleteCondition } from './plan-complete.js';
import { createPlanPrepareStep, type PlanPrepareStep } from './plan-prepare-step.js';
import { type PlanToolSet, toPlanToolSet } from './plan-tool-set.js';
import { type GenerateTextOptions, type PlanRunResult, runWithPlan } from './run-with-plan.js';

export interface PlankeeperOptions extends PlanSetupOptions {
  /** Which plan this conversation uses. Comes from the host, never from the model. */
  key: PlanKey;
}

export interface Plankeeper {
  readonly engine: PlanEngine;
  readonly key: PlanKey;
  /** The harness behind every helper here, for hosts that need its lower-level calls. */
  readonly harness: PlanHarness;
  /** The plan tools, keyed by name: `tools: { ...planner.tools, ...yourTools }`. */
  readonly tools: PlanToolSet;
  /** Planning guidance for the system prompt. */
  readonly instructions: string;
  /**
   * Pass as `prepareStep`: adds the plan section after the last message and keeps due
   * reminders in place. One planner serves one conversation at a time.
   */
  readonly prepareStep: PlanPrepareStep;
  /**
   * Your own tools, held while the plan waits for a person's approval (option `approval`):
   * `tools: { ...planner.tools, ...planner.holdTools(yourTools) }`. A held call does not
   * run; the model reads why. Without `approval` they run as they are.
   */
  holdTools<TOOLS extends ToolSet>(tools: TOOLS): TOOLS;
  /** Call when a new user message arrives (`runWithPlan` does it for you). */
  beginTurn(userMessage: string): Promise<void>;
  /**
   * Stop condition: the plan written in this turn has no open items and the last step has
   * text, so the run ends with an answer, not on the write that closed the plan. Pair it
   * with `stepCountIs(n)`.
   */
  planComplete<TOOLS extends ToolSet = ToolSet>(): StopCondition<TOOLS>;
  /**
   * `generateText` for one user turn with the plan: starts the turn from the last user
   * message, adds `prepareStep` (yours runs after it), and re-runs with the bounce when the
   * finish or goal check or the person's checks (`verify`) send the answer back. `tools`
   * must include `planner.tools`.
   */
  runWithPlan<TOOLS extends ToolSet>(
    options: GenerateTextOptions<TOOLS>,
  ): Promise<PlanRunResult<TOOLS>>;
}

export function createPlankeeper(options: PlankeeperOptions): Plankeeper {
  const { engine, harness, tools: definitions, instructions } = setUpPlan(options);
  const tools = toPlanToolSet(definitions, harness);
  const prepareStep = createPlanPrepareStep(harness, new ConversationLedger<ModelMessage>());
  const toolNames = definitions.map((definition) => definition.name);
  return {
    engine,
    key: options.key,
    harness,
    tools,
    instructions,
    prepareStep,
    holdTools: (hostTools) => holdTools(hostTools, harness),
    beginTurn: async (userMessage) => {
      await harness.beginTurn(userMessage);
    },
    planComplete: <TOOLS extends ToolSet>() => planCompleteCondition<TOOLS>(harness),
    runWithPlan: (generateOptions) => runWithPlan(harness, prepareStep, toolNames, generateOptions),
  };
}
