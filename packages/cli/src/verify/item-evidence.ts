/**
 * What verified each completed item, as the viewers show it (`plankeeper todos`, the
 * dashboard): the evidence of the newest kept revision that completed it (the check run that
 * let it through, or the tool calls that counted). Items with none are left out.
 */
import type { TodoItem } from 'plankeeper';
import type { CompletionEvidence } from 'plankeeper/harness';
import type { PlanRevision } from 'plankeeper/stores';

export function itemEvidence(
  items: readonly TodoItem[],
  history: readonly PlanRevision[],
): CompletionEvidence[] {
  const newest = new Map<string, CompletionEvidence>();
  for (const revision of history) {
    for (const entry of revision.source.evidence ?? []) newest.set(entry.id, entry);
  }
  return items.flatMap((item) => {
    const entry = item.status === 'completed' ? newest.get(item.id) : undefined;
    return entry && (entry.check !== undefined || entry.count > 0) ? [entry] : [];
  });
}
