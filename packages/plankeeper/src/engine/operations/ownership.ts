/**
 * Owners in a shared list. The writer is the host's session (`meta.owner`), never a tool
 * argument. The rules, checked on the plan an operation is decided on (so inside the
 * engine's compare-and-set retry: two sessions starting one item can never both win):
 * - an item set `in_progress` gets the writer as its owner; claiming is just starting;
 * - while it is in progress, no other writer may change, complete, drop or remove it;
 * - a completed item keeps its owner (who finished it); only that owner may reopen it to
 *   `in_progress`. Others may leave it out, remove it, or set it back to pending, which
 *   frees it;
 * - "at most one in_progress" counts only the writer's own items (see othersInProgress).
 * Without owners anywhere (a plan no host shares) every rule is a no-op.
 */
import type { IssuePath, PlanIssue } from '../plan-issue.js';
import type { PlanRecord, TodoItem } from '../todo-item.js';
import type { OperationResult } from './operation-result.js';

/** Ids in progress under another owner than `writer`; they do not count towards the writer's one. */
export function othersInProgress(record: PlanRecord, writer: string | undefined): Set<string> {
  const ids = new Set<string>();
  for (const item of record.items) {
    if (item.status === 'in_progress' && item.owner !== undefined && item.owner !== writer) {
      ids.add(item.id);
    }
  }
  return ids;
}

/**
 * `result` with owners set on its items, or a rejection naming each item it would have
 * taken from another owner. `pathOf` places an issue in the sent arguments.
 */
export function withOwnership<Facts>(
  record: PlanRecord,
  result: OperationResult<Facts>,
  writer: string | undefined,
  pathOf: (id: string) => IssuePath,
): OperationResult<Facts> {
  if (!result.ok) return result;
  const hasOwners = record.items.some((item) => item.owner !== undefined);
  if (!hasOwners && writer === undefined) return result;
  const before = new Map(record.items.map((item) => [item.id, item]));
  const after = new Map(result.items.map((item) => [item.id, item]));
  const issues: PlanIssue[] = [];
  const refuse = (item: TodoItem, owner: string, status: 'in_progress' | 'completed') =>
    issues.push({
      code: 'owned_by_other',
      path: pathOf(item.id),
      id: item.id,
      content: item.content,
      owner,
      status,
    });

  for (const item of record.items) {
    if (item.status !== 'in_progress' || item.owner === undefined || item.owner === writer)
      continue;
    const next = after.get(item.id);
    if (!next || !sameWork(item, next)) refuse(item, item.owner, 'in_progress');
  }
  const items = result.items.map((next) => {
    const previous = before.get(next.id);
    const owner = ownerAfter(previous, next, writer);
    if (owner === 'refused') {
      refuse(previous!, previous!.owner!, 'completed');
      return next;
    }
    if (owner === next.owner) return next;
    const { owner: _, ...rest } = next;
    return owner === undefined ? rest : { ...rest, owner };
  });
  if (issues.length > 0) return { ok: false, issues };
  return { ...result, items };
}

/** The owner `next` has after the write, or `refused` for reopening another's finished item. */
function ownerAfter(
  previous: TodoItem | undefined,
  next: TodoItem,
  writer: string | undefined,
): string | undefined | 'refused' {
  const wasOwner = previous?.owner;
  switch (next.status) {
    case 'in_progress':
      // Someone else's item in progress is kept as it is (or refused above).
      if (previous?.status === 'in_progress' && wasOwner !== undefined) return wasOwner;
      if (previous?.status === 'completed' && wasOwner !== undefined && wasOwner !== writer) {
        return 'refused';
      }
      return writer;
    case 'completed':
      return wasOwner ?? writer;
    default:
      // Pending or cancelled: nobody works on it, so it is free again.
      return undefined;
  }
}

/** Same status and texts: a whole-list write that re-sent another's item unchanged. */
function sameWork(item: TodoItem, other: TodoItem): boolean {
  return (
    item.status === other.status &&
    item.content === other.content &&
    item.description === other.description &&
    item.activeForm === other.activeForm &&
    item.note === other.note
  );
}

/** Items `owner` has in progress set back to pending, for a host whose session died. */
export function releaseItems(
  record: PlanRecord,
  owner: string,
): { items: TodoItem[]; released: string[] } {
  const released: string[] = [];
  const items = record.items.map((item) => {
    if (item.status !== 'in_progress' || item.owner !== owner) return item;
    released.push(item.id);
    const { owner: _, ...rest } = item;
    return { ...rest, status: 'pending' as const };
  });
  return { items, released };
}
