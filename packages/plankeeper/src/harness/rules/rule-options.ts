/**
 * What the rules' reducer (decide.ts) takes besides an event and gives back: its options and
 * its decision. A leaf of its own, so a rule file the reducer calls (plan-result.ts) can name
 * them without importing the reducer.
 */
import type { Locale } from '../../locale/locale.js';
import type { ApprovalAgainOption } from './approval-hold.js';
import type { AnswerCheck } from './check.js';
import type { HostAnswer } from './events.js';
import type { NudgeOptions } from './nudge.js';
import type { TurnRecord } from './turn-record.js';

export interface RuleOptions {
  locale: Locale;
  /** The time now, in ms: when a turn starts and a success happened. */
  now: number;
  /** The turn id for a prompt whose event carries none. Default: `now` as a string. */
  newTurn?: string;
  /** The session when it works on a shared list: others' items are not its to finish. */
  owner?: string;
  /** Hold non-plan tools until a person approves the plan. Default: no approval. */
  approval?: ApprovalAgainOption;
  /** The idle-round reminder; false turns it off. */
  nudge?: NudgeOptions | false;
  /** The checks an answer passes, in order. Default `[finishCheck(), goalCheck()]`. */
  checks?: readonly AnswerCheck[];
  /**
   * The host shows a plan section before every model call itself (PlanHarness): answers
   * then carry no plan lists, only reminders and bounces.
   */
  showsPlanEachCall?: boolean;
  /**
   * The host runs the person's checks before an answer (checks-before-done.ts): refusals per
   * user turn before a failing check lets the answer through.
   */
  verify?: { maxRefusals: number };
}

export interface Decision {
  /** The record to keep, or undefined to leave it as it was. */
  next: TurnRecord | undefined;
  answer: HostAnswer;
}
