/**
 * One hook call against the store: read the plan, then decide and store the hooks' state by
 * compare-and-set. When another hook process wins the race, the decision is made again on
 * what it stored, and the answer is the one of the decision that was stored.
 */
import type { PlanEngine } from 'plankeeper';
import { type Decision, type DisciplineOptions, decide } from './decide.js';
import type { KeyedEvent, NeutralAnswer } from './events.js';
import { readHookState, toStored } from './hook-state.js';

export async function applyDiscipline(
  engine: PlanEngine,
  { key, event }: KeyedEvent,
  options: DisciplineOptions,
): Promise<NeutralAnswer> {
  const snapshot = await engine.snapshot(key);
  let decision: Decision | undefined;
  await engine.updateTurnState(key, (current) => {
    decision = decide(event, snapshot, readHookState(current), options);
    return decision.next && toStored(decision.next);
  });
  return decision?.answer ?? { kind: 'none' };
}
