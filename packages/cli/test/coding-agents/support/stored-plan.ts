/**
 * What a store holds after a real coding-agent run: the plan under one key, opened and closed
 * again, so a test asserts on the store and not on what the agent printed.
 */
import { PlanEngine, type PlanKey, type PlanSnapshot } from 'plankeeper';
import { openStore } from 'plankeeper/stores';

export async function storedPlan(store: string, key: PlanKey): Promise<PlanSnapshot> {
  const opened = await openStore(store);
  try {
    return await new PlanEngine({ store: opened }).snapshot(key);
  } finally {
    await opened.close();
  }
}

/** The items' contents under `key`, in order (an empty list when nothing is stored there). */
export async function storedItems(store: string, key: PlanKey): Promise<string[]> {
  return (await storedPlan(store, key)).items.map((item) => item.content);
}
