/**
 * Order among dependent items: cycles, starting or completing an item while a blocker is
 * open (under the engine's dependency mode), and what a removal or cancellation detaches
 * or unblocks.
 */
import type { PlanIssue } from '../plan-issue.js';
import { isOpen, type TodoItem } from '../todo-item.js';
import { hasBlockers } from './blocker-resolution.js';
import type {
  DependencyFacts,
  DependencyMode,
  DetachedBlocker,
  EntryLabel,
  OutOfOrder,
} from './dependency-types.js';

/**
 * The first cycle among the items' blockers, as the items along it with the first one
 * repeated at the end (`#1 → #2 → #1`), or undefined. An item waiting for itself is a cycle
 * of one.
 */
export function findCycle(
  items: readonly TodoItem[],
  byId: ReadonlyMap<string, TodoItem> = new Map(items.map((item) => [item.id, item])),
): TodoItem[] | undefined {
  // 1: on the current path; 2: fully explored, no cycle through it.
  const state = new Map<string, 1 | 2>();
  const path: TodoItem[] = [];
  const visit = (item: TodoItem): TodoItem[] | undefined => {
    state.set(item.id, 1);
    path.push(item);
    for (const blocker of item.blockedBy ?? []) {
      const next = byId.get(blocker);
      if (!next) continue;
      const seen = state.get(blocker);
      if (seen === 1) {
        const start = path.indexOf(next);
        return [...path.slice(start), next];
      }
      if (seen === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(item.id, 2);
    return undefined;
  };
  for (const item of items) {
    if (state.has(item.id) || !item.blockedBy?.length) continue;
    const found = visit(item);
    if (found) return found;
  }
  return undefined;
}

/**
 * Checks the order of `after` against `before` under `mode`: an item that became
 * `in_progress` or `completed` (from another status, or new) while one of its blockers is
 * open. Under `enforce` each is an issue at `pathOf(item)`; under `warn` a fact; under
 * `off` nothing. Also finds the items a removal or cancellation unblocked.
 */
export function checkOrder(
  before: readonly TodoItem[],
  after: readonly TodoItem[],
  mode: DependencyMode,
  label: EntryLabel,
  pathOf: (item: TodoItem) => (string | number)[],
  was: ReadonlyMap<string, TodoItem> = new Map(before.map((item) => [item.id, item])),
  now: ReadonlyMap<string, TodoItem> = new Map(after.map((item) => [item.id, item])),
): { issues: PlanIssue[]; outOfOrder: OutOfOrder[]; unblocked: string[] } {
  const issues: PlanIssue[] = [];
  const outOfOrder: OutOfOrder[] = [];
  const unblocked: string[] = [];
  if (!hasBlockers(after) && !hasBlockers(before)) return { issues, outOfOrder, unblocked };
  const openIn = (plan: ReadonlyMap<string, TodoItem>) => (id: string) => {
    const other = plan.get(id);
    return other !== undefined && isOpen(other);
  };
  const openNow = openIn(now);
  const openBefore = openIn(was);
  for (const item of after) {
    const previous = was.get(item.id);
    const blockers = item.blockedBy;
    if (
      mode !== 'off' &&
      blockers !== undefined &&
      (item.status === 'in_progress' || item.status === 'completed') &&
      previous?.status !== item.status &&
      blockers.some(openNow)
    ) {
      const open = blockers.filter(openNow);
      if (mode === 'enforce') {
        issues.push({
          code: 'blocked',
          path: pathOf(item),
          entry: label(item),
          status: item.status,
          open: open.map((id) => label(now.get(id)!)),
        });
      } else outOfOrder.push({ id: item.id, status: item.status, open });
    }
    // Unblocked: it waited for an open blocker, waits for none now, and one of those it
    // waited for is gone or cancelled (completing a blocker is the plain case, not news).
    const waited = previous?.blockedBy;
    if (!waited || !isOpen(item) || !waited.some(openBefore)) continue;
    if (blockers?.some(openNow)) continue;
    const freed = waited.some((id) => {
      if (!openBefore(id)) return false;
      const blocker = now.get(id);
      return blocker === undefined || blocker.status === 'cancelled';
    });
    if (freed) unblocked.push(item.id);
  }
  return { issues, outOfOrder, unblocked };
}

/** The cycle as issue data: each item on it labelled, the first repeated at the end. */
export function cycleIssue(
  cycle: readonly TodoItem[],
  label: EntryLabel,
  path: (string | number)[],
): PlanIssue {
  return { code: 'dependency_cycle', path, cycle: cycle.map(label) };
}

/**
 * Takes items that are no longer in the plan out of every `blockedBy`, so no item waits
 * for something that is gone. Returns the new items (unchanged ones as they were) and
 * which removed id was taken out of which items.
 */
export function detachRemoved(
  items: TodoItem[],
  removed: readonly string[],
): { items: TodoItem[]; detached: DetachedBlocker[] } {
  if (removed.length === 0 || !hasBlockers(items)) return { items, detached: [] };
  const gone = new Set(removed);
  const from = new Map<string, string[]>();
  const next = items.map((item) => {
    if (!item.blockedBy?.some((id) => gone.has(id))) return item;
    const kept: string[] = [];
    for (const id of item.blockedBy) {
      if (!gone.has(id)) kept.push(id);
      else {
        const list = from.get(id);
        if (list) list.push(item.id);
        else from.set(id, [item.id]);
      }
    }
    return withBlockers(item, kept);
  });
  const detached = removed.filter((id) => from.has(id)).map((id) => ({ id, from: from.get(id)! }));
  return { items: next, detached };
}

/**
 * A copy of `item` with these blockers, the field left out when there are none (the item
 * itself when it has none either). Never `delete`: it would turn the item into a slow
 * dictionary object for every later step (copies, comparisons, rendering).
 */
export function withBlockers(item: TodoItem, blockedBy: readonly string[] | undefined): TodoItem {
  if (blockedBy && blockedBy.length > 0) return { ...item, blockedBy: [...blockedBy] };
  if (item.blockedBy === undefined) return item;
  const { blockedBy: _dropped, ...rest } = item;
  return rest;
}

/** The facts worth telling, without empty lists. */
export function dependencyFacts(facts: {
  outOfOrder?: OutOfOrder[];
  detached?: DetachedBlocker[];
  unblocked?: string[];
}): DependencyFacts {
  const result: DependencyFacts = {};
  if (facts.outOfOrder?.length) result.outOfOrder = facts.outOfOrder;
  if (facts.detached?.length) result.detached = facts.detached;
  if (facts.unblocked?.length) result.unblocked = facts.unblocked;
  return result;
}
