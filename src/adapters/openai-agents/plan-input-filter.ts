/**
 * The harness as a `callModelInputFilter`: before each model call, end the tool rounds
 * the run gained since the last call (a due reminder is kept in the conversation from
 * then on) and add the plan section, after the last item for this call only (`tail`) or
 * kept (`history`). Earlier items are never rewritten, and the agent's instructions are
 * left alone, so a provider's cached prefix survives.
 *
 * Keep the conversation yourself (pass `result.history` back as the next input): a
 * `session` or a server-managed conversation (`conversationId`, `previousResponseId`)
 * stores what the filter returns, which would turn the transient section into history.
 */
import type { AgentInputItem, CallModelInputFilter } from '@openai/agents';
import type { ConversationLedger } from '../../harness/conversation-ledger.js';
import type { PlanHarness } from '../../harness/plan-harness.js';

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
  return async ({ modelData }) => {
    const added = ledger.advance(modelData.input);
    for (let rounds = toolRounds(added ?? []); rounds > 0; rounds--) {
      const reminder = await harness.endToolRound();
      if (reminder !== undefined) ledger.keep(userMessage(reminder));
    }
    const section = await harness.planSection();
    if (section?.placement === 'history') ledger.keep(userMessage(section.text));
    const input = ledger.render();
    if (section?.placement === 'tail') input.push(userMessage(section.text));
    return { ...modelData, input };
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
