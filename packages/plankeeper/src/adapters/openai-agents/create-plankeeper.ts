/**
 * Everything an OpenAI Agents SDK app needs for one conversation's plan: function tools,
 * instructions, a `callModelInputFilter` for the plan section and reminders, and a `run`
 * wrapper with the finish checks, all driving one PlanHarness.
 */
import type {
  AgentInputItem,
  CallModelInputFilter,
  Tool,
  ToolInputGuardrailDefinition,
} from '@openai/agents';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { ConversationLedger } from '../../harness/conversation-ledger.js';
import type { PlanHarness } from '../../harness/plan-harness.js';
import { type PlanSetupOptions, setUpPlan } from '../../harness/plan-setup.js';
import { approvalGuardrail, holdTools } from './approval-guardrail.js';
import { type PlanFunctionTool, toPlanFunctionTools } from './plan-function-tools.js';
import { createPlanInputFilter } from './plan-input-filter.js';
import {
  type AnyAgent,
  type PlanRunOptions,
  type PlanRunResult,
  runWithPlan,
} from './run-with-plan.js';

export interface PlankeeperOptions extends PlanSetupOptions {
  /** Which plan this conversation uses. Comes from the host, never from the model. */
  key: PlanKey;
}

export interface Plankeeper {
  readonly engine: PlanEngine;
  readonly key: PlanKey;
  /** The harness behind every helper here, for hosts that need its lower-level calls. */
  readonly harness: PlanHarness;
  /** The plan tools: `new Agent({ tools: [...planner.tools, ...yourTools] })`. */
  readonly tools: PlanFunctionTool[];
  /** Planning guidance for the agent's instructions. */
  readonly instructions: string;
  /**
   * Pass in the run options (or a Runner's config): adds the plan section after the last
   * item and keeps due reminders in place. One planner serves one conversation at a time.
   */
  readonly callModelInputFilter: CallModelInputFilter;
  /**
   * A tool input guardrail that holds a call while the plan waits for a person's approval
   * (option `approval`): `tool({ ..., inputGuardrails: [planner.approvalGuardrail] })`.
   */
  readonly approvalGuardrail: ToolInputGuardrailDefinition;
  /** Your own tools with `approvalGuardrail` added: `tools: [...planner.tools, ...planner.holdTools(yours)]`. */
  holdTools<TOOLS extends readonly Tool<never>[]>(tools: TOOLS): TOOLS;
  /** Call when a new user message arrives (`runWithPlan` does it for you). */
  beginTurn(userMessage: string): Promise<void>;
  /**
   * `run` for one user turn with the plan: starts the turn from the input's last user
   * message, adds `callModelInputFilter` (yours runs after it), and runs again with the
   * bounce appended when the finish or goal check or the person's checks (`verify`) send
   * the answer back.
   */
  runWithPlan<TAgent extends AnyAgent, TContext = undefined>(
    agent: TAgent,
    input: string | AgentInputItem[],
    options?: PlanRunOptions<TAgent, TContext>,
  ): Promise<PlanRunResult<TAgent, TContext>>;
}

export function createPlankeeper(options: PlankeeperOptions): Plankeeper {
  const { engine, harness, tools: definitions, instructions } = setUpPlan(options);
  const callModelInputFilter = createPlanInputFilter(
    harness,
    new ConversationLedger<AgentInputItem>(),
  );
  const guardrail = approvalGuardrail(harness);
  return {
    engine,
    key: options.key,
    harness,
    tools: toPlanFunctionTools(definitions, harness),
    instructions,
    callModelInputFilter,
    approvalGuardrail: guardrail,
    holdTools: (hostTools) => holdTools(hostTools, guardrail),
    beginTurn: async (userMessage) => {
      await harness.beginTurn(userMessage);
    },
    runWithPlan: (agent, input, runOptions) =>
      runWithPlan(harness, callModelInputFilter, agent, input, runOptions),
  };
}
