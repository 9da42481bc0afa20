/**
 * What a store holds after a real coding-agent run: the plan under one key, opened and closed
 * again, so a test asserts on the store and not on what the agent printed.
 */
import type { PlanKey, PlanSnapshot } from 'plankeeper';
import { withPlanEngine } from '../../support/seeded-store.js';

export function storedPlan(store: string, key: PlanKey): Promise<PlanSnapshot> {
  return withPlanEngine(store, (engine) => engine.snapshot(key));
}

/** The items' contents under `key`, in order (an empty list when nothing is stored there). */
export async function storedItems(store: string, key: PlanKey): Promise<string[]> {
  return (await storedPlan(store, key)).items.map((item) => item.content);
}
