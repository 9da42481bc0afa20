/**
 * The goal check (seed 002): when a plan was used in this turn, the model is asked once
 * to check its answer against the original request, item by item. An answer that
 * already says honestly what could not be done is accepted without the check, and
 * whatever the model answers after the check is accepted, so a run always ends.
 */
import type { Locale } from '../locale/locale.js';
import type { TurnState } from './turn-state.js';

/** Longest excerpt of the request quoted back to the model. */
const MAX_TASK_EXCERPT = 600;

export function isHonestPartial(answer: string, locale: Locale): boolean {
  return locale.harness.honestPartialPatterns.some((pattern) => pattern.test(answer));
}

export function goalCheck(turn: TurnState, answer: string, locale: Locale): string | undefined {
  if (turn.goalCheckFired || !turn.planUsed) return undefined;
  turn.goalCheckFired = true;
  if (isHonestPartial(answer, locale)) return undefined;
  const task =
    turn.task.length > MAX_TASK_EXCERPT ? `${turn.task.slice(0, MAX_TASK_EXCERPT)}…` : turn.task;
  return locale.harness.goalCheck(task);
}
