/**
 * The sub-agents of one plan for the dashboard: each delegated item's child plan, read
 * once per delegated item (a plan without delegations costs no read).
 */
import {
  encodePlanKey,
  type PlanKey,
  type PlanStore,
  subAgentKey,
  type TodoItem,
} from 'plankeeper';
import { subAgentProgress } from 'plankeeper/harness';
import type { SubAgentSummary } from './api-types.js';

export async function subAgentsOf(
  key: PlanKey,
  items: readonly TodoItem[],
  store: PlanStore,
): Promise<SubAgentSummary[]> {
  const progress = await subAgentProgress(
    async (child) => (await store.get(child))?.record.items,
    key,
    items,
  );
  return items.flatMap((item) => {
    if (!item.subAgent) return [];
    const counts = progress.get(item.id);
    return [
      {
        item: item.id,
        scope: item.subAgent.scope,
        key: encodePlanKey(subAgentKey(key, item.subAgent.scope)),
        exists: counts !== undefined,
        total: counts?.total ?? 0,
        completed: counts?.completed ?? 0,
        ...(item.subAgent.ended && { ended: item.subAgent.ended }),
      },
    ];
  });
}
