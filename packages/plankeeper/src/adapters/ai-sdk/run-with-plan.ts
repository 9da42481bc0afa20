/**
 * One user turn with the finish and goal checks and the person's checks (`verify`). The AI
 * SDK's tool loop ends when the model answers without tool calls; when the harness bounces
 * that answer, `generateText` runs again on the conversation so far with the bounce appended:
 * at most once per check and turn, the person's checks up to their `maxRefusals`.
 */
import { generateText, type ModelMessage, type PrepareStepFunction, type ToolSet } from 'ai';
import { ConfigurationError } from '../../engine/errors.js';
import { runCheckedTurn } from '../../harness/checked-turn.js';
import type { Bounce, PlanHarness } from '../../harness/plan-harness.js';
import { type PlanPrepareStep, userMessage } from './plan-prepare-step.js';

/*
 * The types name only the tools and take the rest from `generateText` itself: the SDK's
 * other type parameters differ between ai 6 (`TOOLS, OUTPUT`) and ai 7
 * (`TOOLS, RUNTIME_CONTEXT, OUTPUT`), and their defaults fill them in either.
 */

/** What `generateText` accepts. */
export type GenerateTextOptions<TOOLS extends ToolSet> = Parameters<typeof generateText<TOOLS>>[0];

/** What `generateText` returns. */
type GenerateTextOutcome<TOOLS extends ToolSet> = Awaited<ReturnType<typeof generateText<TOOLS>>>;

export interface PlanRunResult<TOOLS extends ToolSet> {
  /** The final answer: the text of the last call. */
  text: string;
  /** The last `generateText` result. */
  result: GenerateTextOutcome<TOOLS>;
  /** Every step of the turn, across calls. */
  steps: GenerateTextOutcome<TOOLS>['steps'][number][];
  /** What the turn added after the input (replies, tool results, bounces): append it to your history. */
  responseMessages: ModelMessage[];
  /** The checks that sent an answer back, in order. */
  bounces: Bounce[];
}

export async function runWithPlan<TOOLS extends ToolSet>(
  harness: PlanHarness,
  planStep: PlanPrepareStep,
  planToolNames: readonly string[],
  options: GenerateTextOptions<TOOLS>,
): Promise<PlanRunResult<TOOLS>> {
  const missing = planToolNames.filter((name) => !options.tools || !(name in options.tools));
  if (missing.length > 0) {
    throw new ConfigurationError(
      `runWithPlan needs the plan tools (${missing.join(', ')}): add ...planner.tools to tools.`,
    );
  }
  const { prompt, messages, prepareStep: userStep, ...settings } = options;
  const input: ModelMessage[] =
    typeof prompt === 'string' ? [userMessage(prompt)] : (prompt ?? messages ?? []);
  const prepareStep: PrepareStepFunction<TOOLS> = async (stepOptions) => {
    const planned = await planStep(stepOptions);
    if (!userStep) return planned;
    return { ...planned, ...(await userStep({ ...stepOptions, messages: planned.messages })) };
  };
  const steps: PlanRunResult<TOOLS>['steps'] = [];
  const responseMessages: ModelMessage[] = [];
  const { result, bounces } = await runCheckedTurn(harness, {
    task: taskOf(input),
    async run(bounce) {
      if (bounce) responseMessages.push(userMessage(bounce.text));
      const result = await generateText<TOOLS>({
        ...settings,
        messages: [...input, ...responseMessages],
        prepareStep,
      } as GenerateTextOptions<TOOLS>);
      steps.push(...result.steps);
      responseMessages.push(...messagesAdded(result));
      return result;
    },
    // A stop condition ended the loop mid-work: there is no answer to check.
    answer: (result) =>
      (result.steps.at(-1)?.toolCalls.length ?? 0) > 0 ? undefined : result.text,
  });
  return { text: result.text, result, steps, responseMessages, bounces };
}

/** The request of this turn: the text of the last user message. */
function taskOf(messages: readonly ModelMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  }
  return '';
}

/**
 * Every message one `generateText` call added. ai 7 keeps them in `responseMessages` (its
 * `response.messages` holds the last step's only); ai 6 keeps them in `response.messages`.
 */
function messagesAdded(result: { response: { messages: ModelMessage[] } }): ModelMessage[] {
  const all = (result as { responseMessages?: ModelMessage[] }).responseMessages;
  return all ?? result.response.messages;
}
