/** `todos_remove`: delete items by id. Removed ids are never handed out again. */
import type { PlanLimits } from '../limits.js';
import type { PlanIssue } from '../plan-issue.js';
import type { PlanRecord, TodoItem } from '../todo-item.js';
import {
  checkOrder,
  type DependencyFacts,
  dependencyFacts,
  detachRemoved,
} from './dependencies.js';
import { duplicateIssues, idIssue, normalizeId, type OperationResult } from './operation-result.js';

export interface RemoveFacts extends DependencyFacts {
  removed: TodoItem[];
}

export function removeItems(
  record: PlanRecord,
  input: readonly (string | number)[],
  limits: PlanLimits,
): OperationResult<RemoveFacts> {
  // As in completeItems: more ids than a plan can hold is wrong as a whole.
  if (input.length > limits.maxItems) {
    const count = input.length;
    return {
      ok: false,
      issues: [{ code: 'too_many_entries', path: ['ids'], maximum: limits.maxItems, count }],
    };
  }
  const issues: PlanIssue[] = [];
  if (input.length === 0) issues.push({ code: 'empty_list', path: ['ids'] });
  const known = record.items.map((item) => item.id);
  const ids = input.map((id) => normalizeId(id));
  input.forEach((raw, index) => {
    const issue = idIssue(raw, ids[index], known, ['ids', index]);
    if (issue) issues.push(issue);
  });
  issues.push(...duplicateIssues(ids, (index) => ['ids', index]));
  if (issues.length > 0) return { ok: false, issues };

  const doomed = new Set(ids as string[]);
  const removed = record.items.filter((item) => doomed.has(item.id));
  const { items, detached } = detachRemoved(
    record.items.filter((item) => !doomed.has(item.id)),
    removed.map((item) => item.id),
  );
  // Order is not checked: removing changes no status. Only what it unblocked is of interest.
  const { unblocked } = checkOrder(record.items, items, 'off', labelById, () => []);
  return {
    ok: true,
    items,
    nextId: record.nextId,
    facts: { removed, ...dependencyFacts({ detached, unblocked }) },
    summary: `removed ${removed.map((item) => `#${item.id}`).join(' ')}`,
  };
}

const labelById = (item: TodoItem) => ({ id: item.id, content: item.content });
