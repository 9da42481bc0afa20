/**
 * A stop condition in the SDK's style: stop the tool loop once the plan written in this
 * turn has no open items. Combine it with a cap, as with any condition:
 * `stopWhen: [planner.planComplete(), stepCountIs(20)]`.
 */
import type { StopCondition, ToolSet } from 'ai';
import { isOpen } from '../../engine/todo-item.js';
import type { PlanHarness } from '../../harness/plan-harness.js';

export function planCompleteCondition<TOOLS extends ToolSet>(
  harness: PlanHarness,
): StopCondition<TOOLS> {
  return async () => {
    const snapshot = await harness.snapshot();
    // An empty plan, or one finished in an earlier turn, says nothing about this turn's work.
    if (snapshot.items.length === 0 || snapshot.turn !== harness.turn.id) return false;
    return !snapshot.items.some(isOpen);
  };
}
