/**
 * The harness as a `callModelInputFilter` (see {@link harnessedInput} for what it does
 * before each model call). The agent's instructions are left alone, so a provider's
 * cached prefix survives.
 *
 * Keep the conversation yourself (pass `result.history` back as the next input): a
 * `session` or a server-managed conversation (`conversationId`, `previousResponseId`)
 * stores what the filter returns, which would turn the transient section into history.
 */
import type { AgentInputItem, CallModelInputFilter } from '@openai/agents';
import type { ConversationLedger } from '../../harness/conversation-ledger.js';
import { harnessedInput } from '../../harness/framework-input.js';
import type { PlanHarness } from '../../harness/plan-harness.js';
import { createToolResultObserver } from './observed-tool-results.js';

/** Items that carry a locally run tool's output back to the model. */
const TOOL_OUTPUT_TYPES = new Set([
  'function_call_result',
  'computer_call_result',
  'shell_call_output',
  'apply_patch_call_output',
]);

export function createPlanInputFilter(
  harness: PlanHarness,
  ledger: ConversationLedger<AgentInputItem>,
): CallModelInputFilter {
  const observe = createToolResultObserver(harness);
  return async ({ modelData }) => {
    // The host's tools ran in the framework: their successes are evidence (see evidence-log.ts).
    observe(modelData.input);
    return {
      ...modelData,
      input: await harnessedInput(harness, ledger, modelData.input, { userMessage, toolRounds }),
    };
  };
}

/** A message from the harness, in the user's role as plankeeper's own loop sends it. */
export function userMessage(text: string): AgentInputItem {
  return { type: 'message', role: 'user', content: text };
}

/** A model reply's tool outputs follow its calls as one run of items: one round each. */
function toolRounds(added: readonly AgentInputItem[]): number {
  let rounds = 0;
  let inOutputs = false;
  for (const item of added) {
    const isOutput = 'type' in item && TOOL_OUTPUT_TYPES.has(item.type ?? '');
    if (isOutput && !inOutputs) rounds++;
    inOutputs = isOutput;
  }
  return rounds;
}
