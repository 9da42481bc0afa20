/**
 * Messages the harness adds to the conversation: the plan section, reminders and
 * bounces. They go to the model as user messages and carry their kind in
 * `additional_kwargs`, the way LangChain marks its own summary message, so hosts and
 * UIs can tell them apart from what the user wrote.
 */
import { type BaseMessage, HumanMessage } from 'langchain';
import type { InjectionKind } from '../../agent/model-client.js';

const KIND_FIELD = 'plankeeper';
const KINDS: readonly InjectionKind[] = [
  'plan',
  'reminder',
  'finish-check',
  'goal-check',
  'checks',
  'check',
];

export function injectedMessage(kind: InjectionKind, text: string): HumanMessage {
  return new HumanMessage({ content: text, additional_kwargs: { [KIND_FIELD]: kind } });
}

/** Which harness message this is; undefined for the conversation's own messages. */
export function injectionKind(message: BaseMessage): InjectionKind | undefined {
  const kind = message.additional_kwargs?.[KIND_FIELD];
  return KINDS.find((known) => known === kind);
}
