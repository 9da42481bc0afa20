/** The harness in `prepareStep`: see {@link harnessedInput} for what it does before each model call. */
import type { ModelMessage } from 'ai';
import type { ConversationLedger } from '../../harness/conversation-ledger.js';
import { harnessedInput } from '../../harness/framework-input.js';
import type { PlanHarness } from '../../harness/plan-harness.js';
import { createToolResultObserver } from './observed-tool-results.js';

/** A `prepareStep` for `generateText`/`streamText`; it only ever returns `messages`. */
export type PlanPrepareStep = (options: {
  messages: ModelMessage[];
}) => Promise<{ messages: ModelMessage[] }>;

export function createPlanPrepareStep(
  harness: PlanHarness,
  ledger: ConversationLedger<ModelMessage>,
): PlanPrepareStep {
  const observe = createToolResultObserver(harness);
  return async ({ messages }) => {
    // The host's tools ran in the framework: their successes are evidence (see evidence-log.ts).
    observe(messages);
    return {
      messages: await harnessedInput(harness, ledger, messages, { userMessage, toolRounds }),
    };
  };
}

/** A message from the harness, in the user's role as plankeeper's own loop sends it. */
export function userMessage(text: string): ModelMessage {
  return { role: 'user', content: text };
}

/** Each step that ran tools adds one `tool` message with its results: one round each. */
function toolRounds(added: readonly ModelMessage[]): number {
  return added.filter(
    (message) =>
      message.role === 'tool' && message.content.some((part) => part.type === 'tool-result'),
  ).length;
}
