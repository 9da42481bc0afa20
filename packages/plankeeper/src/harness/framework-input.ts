/**
 * The model input for a framework that rebuilds its messages on every call (the AI SDK's
 * `prepareStep`, the Agents SDK's input filter): end the tool rounds the history gained
 * since the last call (a due reminder is kept in the conversation from then on), add the
 * plan section after the last message for this call only (`tail`) or kept (`history`),
 * and return the history with every kept message in its place. Earlier messages are
 * never rewritten.
 */
import type { ConversationLedger } from './conversation-ledger.js';
import type { PlanHarness } from './plan-harness.js';

/** How one framework's messages look. */
export interface MessageFormat<Item> {
  /** A message from the harness, in the user's role as plankeeper's own loop sends it. */
  userMessage(text: string): Item;
  /** How many tool rounds (model call, tool results) these new messages close. */
  toolRounds(added: readonly Item[]): number;
}

export async function harnessedInput<Item extends object>(
  harness: PlanHarness,
  ledger: ConversationLedger<Item>,
  history: readonly Item[],
  format: MessageFormat<Item>,
): Promise<Item[]> {
  const added = ledger.advance(history);
  for (let rounds = format.toolRounds(added ?? []); rounds > 0; rounds--) {
    const reminder = await harness.endToolRound();
    if (reminder !== undefined) ledger.keep(format.userMessage(reminder));
  }
  const section = await harness.planSection();
  if (section?.placement === 'history') ledger.keep(format.userMessage(section.text));
  const input = ledger.render();
  if (section?.placement === 'tail') input.push(ledger.transient(format.userMessage(section.text)));
  return input;
}
