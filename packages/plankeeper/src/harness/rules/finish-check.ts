/**
 * The finish check (seed 002): when the model is about to end its turn with plain text,
 * the plan was written in this turn and items are still open, the answer is bounced
 * back once with a correction. A plan not touched this turn (a plain question, or a
 * leftover) is never a reason to bounce; the leftover marking handles those.
 */
import { quoteText } from '../../engine/render.js';
import type { AnswerCheck } from './check.js';

export function finishCheck(): AnswerCheck {
  return {
    name: 'finish-check',
    check: ({ record, open, locale }) =>
      record.wroteThisTurn && open.length > 0
        ? locale.harness.finishCheck(open, quoteText)
        : undefined,
  };
}
