/**
 * The harness in `prepareStep`: before each model call, end the tool rounds the history
 * gained since the last call (a due reminder is kept in the conversation from then on)
 * and add the plan section, after the last message for this call only (`tail`) or kept
 * (`history`). Earlier messages are never rewritten.
 */
import type { ModelMessage } from 'ai';
import type { ConversationLedger } from '../../harness/conversation-ledger.js';
import type { PlanHarness } from '../../harness/plan-harness.js';

/** A `prepareStep` for `generateText`/`streamText`; it only ever returns `messages`. */
export type PlanPrepareStep = (options: {
  messages: ModelMessage[];
}) => Promise<{ messages: ModelMessage[] }>;

export function createPlanPrepareStep(
  harness: PlanHarness,
  ledger: ConversationLedger<ModelMessage>,
): PlanPrepareStep {
  return async ({ messages }) => {
    const added = ledger.advance(messages);
    for (let rounds = toolRounds(added ?? []); rounds > 0; rounds--) {
      const reminder = await harness.endToolRound();
      if (reminder !== undefined) ledger.keep(userMessage(reminder));
    }
    const section = await harness.planSection();
    if (section?.placement === 'history') ledger.keep(userMessage(section.text));
    const input = ledger.render();
    if (section?.placement === 'tail') input.push(userMessage(section.text));
    return { messages: input };
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
