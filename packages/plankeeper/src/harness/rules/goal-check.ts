/**
 * The goal check (seed 002): when a plan was used in this turn, the model is asked once
 * to check its answer against the original request, item by item. An answer that
 * already says honestly what could not be done is accepted without the check, and
 * whatever the model answers after the check is accepted, so a run always ends.
 *
 * Asked after the answer, the check costs a whole model call even when the answer was
 * right. So it is asked ahead where the host lets it: in the result of the plan write
 * that closes every item, which the model reads just before it answers. Only when that
 * never happened (the plan was read but not closed, or the host cannot add to a result)
 * does the answer itself get bounced.
 */
import { isOpen, type TodoItem } from '../../engine/todo-item.js';
import type { Locale } from '../../locale/locale.js';
import type { AnswerCheck } from './check.js';
import { MAX_TASK_EXCERPT, type TurnRecord } from './turn-record.js';

export { MAX_TASK_EXCERPT };

export const GOAL_CHECK = 'goal-check';

export function isHonestPartial(answer: string, locale: Locale): boolean {
  return locale.harness.honestPartialPatterns.some((pattern) => pattern.test(answer));
}

function excerpt(task: string): string {
  return task.length > MAX_TASK_EXCERPT ? `${task.slice(0, MAX_TASK_EXCERPT)}…` : task;
}

export function goalCheck(): AnswerCheck {
  return {
    name: GOAL_CHECK,
    // Without the request there is nothing to check against: a sub-agent's turn starts
    // with no prompt event its hooks could read.
    check: ({ record, answer, locale }) =>
      record.planUsed && record.task && !isHonestPartial(answer, locale)
        ? goalQuestion(record, locale)
        : undefined,
  };
}

/**
 * The question: where the person's checks have run, it names their last result, so the model
 * answers to a check it did not write rather than to its own judgment alone.
 */
function goalQuestion(record: TurnRecord, locale: Locale): string {
  const task = excerpt(record.task ?? '');
  const last = record.checks?.last;
  return last === undefined ? locale.harness.goalCheck(task) : locale.checks.goalCheck(task, last);
}

/**
 * The goal check ahead of the answer, for the result of a plan write this turn that left
 * `items` with nothing open; undefined when it is not due. Asked, it counts as the turn's
 * goal check (record it in `bounced`).
 */
export function goalCheckAhead(
  record: TurnRecord,
  items: readonly TodoItem[],
  locale: Locale,
): string | undefined {
  if (!record.task || record.bounced.includes(GOAL_CHECK) || items.length === 0) return undefined;
  if (items.some(isOpen)) return undefined;
  return locale.harness.goalCheckAhead(excerpt(record.task));
}
