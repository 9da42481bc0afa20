/**
 * A check the model's answer passes before the host accepts it, composed as a list in the
 * manner of the AI SDK's `stopWhen`: `checks: [finishCheck(), goalCheck()]`. A host drops,
 * reorders or adds one. The first check with a text bounces the answer; each bounces at most
 * once per user turn (the reducer keeps count by `name`).
 */
import type { TodoItem } from '../../engine/todo-item.js';
import type { Locale } from '../../locale/locale.js';
import type { TurnRecord } from './turn-record.js';

export interface CheckInput {
  record: TurnRecord;
  /** The plan's open items this session may finish (others' work in a shared list left out). */
  open: readonly TodoItem[];
  /** The answer the model wants to give. */
  answer: string;
  locale: Locale;
}

export interface AnswerCheck {
  /** One word per rule (`finish-check`); a bounce of it is recorded under this name. */
  name: string;
  /** The text that sends the answer back, or undefined to let it pass. */
  check(input: CheckInput): string | undefined;
}
