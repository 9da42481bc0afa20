/**
 * The finish check (seed 002): when the model is about to end its turn with plain text,
 * the plan was written in this turn and items are still open, the answer is bounced
 * back once with a correction. A plan not touched this turn (a plain question, or a
 * leftover) is never a reason to bounce; the leftover marking handles those.
 */
import type { PlanSnapshot } from '../engine/plan-engine.js';
import { quoteText } from '../engine/render.js';
import { isOpen } from '../engine/todo-item.js';
import type { Locale } from '../locale/locale.js';
import type { TurnState } from './turn-state.js';

export function finishCheck(
  turn: TurnState,
  snapshot: PlanSnapshot,
  locale: Locale,
): string | undefined {
  if (turn.finishCheckFired || snapshot.turn !== turn.id) return undefined;
  const open = snapshot.items.filter(isOpen);
  if (open.length === 0) return undefined;
  turn.finishCheckFired = true;
  return locale.harness.finishCheck(open, quoteText);
}
