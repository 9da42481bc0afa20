/**
 * One user turn with the finish and goal checks. An Agents SDK run ends when the agent
 * produces its final output, and an output guardrail can only stop a run, not re-prompt
 * it; so when the harness bounces the answer, the run is repeated on its history with
 * the bounce appended: at most once per check and turn, the person's checks (`verify`) up to
 * their `maxRefusals`.
 */
import {
  type Agent,
  type AgentInputItem,
  type CallModelInputFilter,
  type NonStreamRunOptions,
  type Runner,
  type RunResult,
  run,
} from '@openai/agents';
import { ConfigurationError } from '../../engine/errors.js';
import { runCheckedTurn } from '../../harness/checked-turn.js';
import type { Bounce, PlanHarness } from '../../harness/plan-harness.js';
import { userMessage } from './plan-input-filter.js';

/** Any agent, bounded as the SDK's own `run` bounds it (an agent's output type is invariant). */
// biome-ignore lint/suspicious/noExplicitAny: mirrors `run<TAgent extends Agent<any, any>>`.
export type AnyAgent = Agent<any, any>;

export type PlanRunOptions<TAgent extends AnyAgent, TContext = undefined> = NonStreamRunOptions<
  TContext,
  TAgent
> & {
  /** Run through this runner (its model provider and config). Default: the SDK's `run`. */
  runner?: Runner;
};

export interface PlanRunResult<TAgent extends AnyAgent, TContext = undefined> {
  /** The final output of the last run. */
  finalOutput: RunResult<TContext, TAgent>['finalOutput'];
  /** The last run; its `history` holds the whole turn, bounces included. */
  result: RunResult<TContext, TAgent>;
  /** The checks that sent an answer back, in order. */
  bounces: Bounce[];
}

export async function runWithPlan<TAgent extends AnyAgent, TContext = undefined>(
  harness: PlanHarness,
  planFilter: CallModelInputFilter,
  agent: TAgent,
  input: string | AgentInputItem[],
  options: PlanRunOptions<TAgent, TContext> = {},
): Promise<PlanRunResult<TAgent, TContext>> {
  const { runner, callModelInputFilter: userFilter, ...runOptions } = options;
  for (const option of ['session', 'conversationId', 'previousResponseId'] as const) {
    // These store what the filter returns, so the transient plan section would become
    // history at a shifted place. Keep the history yourself: pass `result.history` back.
    if (runOptions[option] !== undefined) {
      throw new ConfigurationError(
        `runWithPlan does not support \`${option}\`: pass the previous result.history as input instead.`,
      );
    }
  }
  const callModelInputFilter: CallModelInputFilter = async (args) => {
    const planned = await planFilter(args);
    return userFilter ? userFilter({ ...args, modelData: planned }) : planned;
  };
  const once = (current: TAgent, turnInput: string | AgentInputItem[]) => {
    const settings = { ...runOptions, callModelInputFilter };
    return runner ? runner.run(current, turnInput, settings) : run(current, turnInput, settings);
  };

  const { result, bounces } = await runCheckedTurn<RunResult<TContext, TAgent>>(harness, {
    task: taskOf(input),
    run: (bounce, last) =>
      bounce && last
        ? once((last.lastAgent as TAgent | undefined) ?? agent, [
            ...last.history,
            userMessage(bounce.text),
          ])
        : once(agent, input),
    // Waiting for a tool approval, or stopped without an answer: nothing to check yet.
    answer: ({ interruptions, finalOutput }) =>
      interruptions.length > 0 || finalOutput === undefined
        ? undefined
        : typeof finalOutput === 'string'
          ? finalOutput
          : JSON.stringify(finalOutput),
  });
  return { finalOutput: result.finalOutput, result, bounces };
}

/** The request of this turn: the text of the last user message. */
function taskOf(input: string | AgentInputItem[]): string {
  if (typeof input === 'string') return input;
  for (let index = input.length - 1; index >= 0; index--) {
    const item = input[index]!;
    if (!('role' in item) || item.role !== 'user') continue;
    if (typeof item.content === 'string') return item.content;
    return item.content
      .flatMap((part) => (part.type === 'input_text' ? [part.text] : []))
      .join('\n');
  }
  return '';
}
