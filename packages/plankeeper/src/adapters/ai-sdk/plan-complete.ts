/**
 * A stop condition in the SDK's style: stop the tool loop once the plan written in this
 * turn has no open items and the model has answered. Combine it with a cap, as with any
 * condition: `stopWhen: [planner.planComplete(), stepCountIs(20)]`.
 *
 * The SDK asks `stopWhen` only after a step with tool calls, and a run's `text` is its last
 * step's. Stopping at the `todo_write` that closes the last item would end the run with an
 * empty answer, so the condition also waits for a step with text; a step without tool calls
 * ends the loop on its own.
 */
import type { StopCondition, ToolSet } from 'ai';
import { isOpen } from '../../engine/todo-item.js';
import type { PlanHarness } from '../../harness/plan-harness.js';

export function planCompleteCondition<TOOLS extends ToolSet>(
  harness: PlanHarness,
): StopCondition<TOOLS> {
  return async ({ steps }) => {
    if ((steps.at(-1)?.text ?? '').trim() === '') return false;
    const snapshot = await harness.snapshot();
    // An empty plan, or one finished in an earlier turn, says nothing about this turn's work.
    if (snapshot.items.length === 0 || snapshot.turn !== harness.turn.id) return false;
    return !snapshot.items.some(isOpen);
  };
}
