/**
 * Item dependencies (`blockedBy`): resolving what a model wrote into ids, refusing
 * unknown blockers and cycles, checking order under the engine's dependency mode, and
 * noticing what a removal or cancellation unblocks. Every function here is pure and does
 * nothing when no item has blockers, so plans without dependencies pay almost nothing.
 */
import type { DependencyEntry, PlanIssue } from '../plan-issue.js';
import { isOpen, type TodoItem } from '../todo-item.js';
import { normalizeId } from './operation-result.js';

/**
 * How blockers constrain order. `enforce`: an item cannot become `in_progress` or
 * `completed` while a blocker is open; `warn`: it can, and the result says so; `off`:
 * blockers are only recorded and shown. Unknown blockers and cycles are refused in every mode.
 */
export type DependencyMode = 'off' | 'warn' | 'enforce';

export const DEPENDENCY_MODES: readonly DependencyMode[] = ['off', 'warn', 'enforce'];

/** A blocker as a model writes it: an item id, or the exact content of another entry in the same call. */
export type BlockerInput = string | number;

/** An item that became in_progress or completed while blockers were open (under `warn`). */
export interface OutOfOrder {
  id: string;
  status: 'in_progress' | 'completed';
  open: string[];
}

/** A removed item taken out of the blockers of the items that waited for it. */
export interface DetachedBlocker {
  id: string;
  from: string[];
}

/** What a write did to dependencies, for the model's result; empty lists are left out. */
export interface DependencyFacts {
  outOfOrder?: OutOfOrder[];
  detached?: DetachedBlocker[];
  /** Open items that waited on a blocker that is now removed or cancelled, and wait on nothing open. */
  unblocked?: string[];
}

/** One entry of a call as the resolver sees it. */
export interface BlockerSource {
  /** Where the entry sits in the call's list. */
  index: number;
  /** The id the entry has (or would get) in the resulting plan. */
  id: string;
  content: string;
  blockedBy: readonly BlockerInput[];
}

/**
 * Turns each entry's blockers into ids. A digit string or number is an id and must name an
 * existing item that stays in the plan (`plan`); any other text must be the exact content of
 * exactly one other entry of the call (`named`: every entry of it, with its id). Repeats
 * collapse to one.
 */
export function resolveBlockers(
  entries: readonly BlockerSource[],
  named: readonly { id: string; content: string }[],
  plan: ReadonlySet<string>,
  listName: string,
): { resolved: Map<number, string[]>; issues: PlanIssue[] } {
  const issues: PlanIssue[] = [];
  const resolved = new Map<number, string[]>();
  let byContent: Map<string, string[]> | undefined;
  const known = [...plan];
  for (const entry of entries) {
    const ids: string[] = [];
    entry.blockedBy.forEach((raw, at) => {
      const path = [listName, entry.index, 'blockedBy', at];
      const text = typeof raw === 'number' ? String(raw) : raw.trim();
      let id: string | undefined;
      if (/^\d+$/.test(text)) {
        id = normalizeId(text);
        if (id === undefined || !plan.has(id)) {
          issues.push({ code: 'unknown_blocker', path, received: text, known });
          return;
        }
      } else {
        byContent ??= contentIndex(named);
        const matches = byContent.get(text)?.filter((other) => other !== entry.id) ?? [];
        if (matches.length !== 1) {
          issues.push({
            code: matches.length === 0 ? 'unknown_blocker' : 'ambiguous_blocker',
            path,
            received: text,
            known,
          });
          return;
        }
        id = matches[0]!;
      }
      if (!ids.includes(id)) ids.push(id);
    });
    resolved.set(entry.index, ids);
  }
  return { resolved, issues };
}

function contentIndex(entries: readonly { id: string; content: string }[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const entry of entries) {
    const ids = index.get(entry.content);
    if (ids) ids.push(entry.id);
    else index.set(entry.content, [entry.id]);
  }
  return index;
}

/** True when some item of the list waits for another. */
export function hasBlockers(items: readonly TodoItem[]): boolean {
  return items.some((item) => item.blockedBy !== undefined && item.blockedBy.length > 0);
}

/**
 * The first cycle among the items' blockers, as the items along it with the first one
 * repeated at the end (`#1 → #2 → #1`), or undefined. An item waiting for itself is a cycle
 * of one.
 */
export function findCycle(items: readonly TodoItem[]): TodoItem[] | undefined {
  const byId = new Map(items.map((item) => [item.id, item]));
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

/** Ids of the items' blockers that are still open in `byId`. */
export function openBlockers(item: TodoItem, byId: ReadonlyMap<string, TodoItem>): string[] {
  const open: string[] = [];
  for (const blocker of item.blockedBy ?? []) {
    const other = byId.get(blocker);
    if (other && isOpen(other)) open.push(blocker);
  }
  return open;
}

/** How an operation names an item in an issue: by id when it exists, else by place and content. */
export type EntryLabel = (item: TodoItem) => DependencyEntry;

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
): { issues: PlanIssue[]; outOfOrder: OutOfOrder[]; unblocked: string[] } {
  const issues: PlanIssue[] = [];
  const outOfOrder: OutOfOrder[] = [];
  const unblocked: string[] = [];
  if (!hasBlockers(after) && !hasBlockers(before)) return { issues, outOfOrder, unblocked };
  const was = new Map(before.map((item) => [item.id, item]));
  const now = new Map(after.map((item) => [item.id, item]));
  for (const item of after) {
    const previous = was.get(item.id);
    if (!item.blockedBy?.length && !previous?.blockedBy?.length) continue;
    if (
      mode !== 'off' &&
      item.blockedBy?.length &&
      (item.status === 'in_progress' || item.status === 'completed') &&
      previous?.status !== item.status
    ) {
      const open = openBlockers(item, now);
      if (open.length > 0) {
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
    }
    if (!previous || !isOpen(item)) continue;
    const waited = openBlockers(previous, was);
    if (waited.length === 0 || openBlockers(item, now).length > 0) continue;
    const freed = waited.some((id) => {
      const blocker = now.get(id);
      return blocker === undefined || blocker.status === 'cancelled';
    });
    if (freed) unblocked.push(item.id);
  }
  return { issues, outOfOrder, unblocked };
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
    return withBlockers({ ...item }, kept);
  });
  const detached = removed.filter((id) => from.has(id)).map((id) => ({ id, from: from.get(id)! }));
  return { items: next, detached };
}

/** Sets `blockedBy`, leaving the field out when the list is empty. */
export function withBlockers(item: TodoItem, blockedBy: readonly string[] | undefined): TodoItem {
  if (blockedBy && blockedBy.length > 0) item.blockedBy = [...blockedBy];
  else delete item.blockedBy;
  return item;
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

/** The cycle as issue data: each item on it labelled, the first repeated at the end. */
export function cycleIssue(
  cycle: readonly TodoItem[],
  label: EntryLabel,
  path: (string | number)[],
): PlanIssue {
  return { code: 'dependency_cycle', path, cycle: cycle.map(label) };
}

/**
 * The dependency part of a whole-list write (`todo_write`): `items` is the new list in
 * the sent order, with ids. An entry that sends `blockedBy` gets exactly those blockers;
 * one that leaves it out keeps its earlier ones, minus items the list no longer holds
 * (reported as detached).
 */
export function writeDependencies(
  before: readonly TodoItem[],
  input: readonly { blockedBy?: readonly BlockerInput[] | undefined }[],
  items: TodoItem[],
  mode: DependencyMode,
): { items: TodoItem[]; issues: PlanIssue[]; facts: DependencyFacts } {
  const sent = input.some((entry) => entry.blockedBy !== undefined);
  if (!sent && !hasBlockers(before)) return { items, issues: [], facts: {} };
  const was = new Map(before.map((item) => [item.id, item]));
  const kept = new Set(items.map((item) => item.id));
  const sources: BlockerSource[] = [];
  let next = items.map((item, index) => {
    const blockedBy = input[index]!.blockedBy;
    if (blockedBy !== undefined) {
      sources.push({ index, id: item.id, content: item.content, blockedBy });
      return item;
    }
    const inherited = was.get(item.id)?.blockedBy;
    return inherited ? withBlockers({ ...item }, inherited) : item;
  });
  const gone = before.filter((item) => !kept.has(item.id)).map((item) => item.id);
  const { items: attached, detached } = detachRemoved(next, gone);
  // Only items that exist already have ids a model can know; new entries go by content.
  const existing = new Set([...kept].filter((id) => was.has(id)));
  const { resolved, issues } = resolveBlockers(sources, items, existing, 'todos');
  next = attached.map((item, index) => {
    const ids = resolved.get(index);
    return ids === undefined ? item : withBlockers({ ...item }, ids);
  });
  const position = new Map(next.map((item, index) => [item.id, index]));
  const label: EntryLabel = (item) =>
    was.has(item.id)
      ? { id: item.id, content: item.content }
      : { index: position.get(item.id)!, content: item.content };
  if (issues.length === 0) {
    const cycle = findCycle(next);
    if (cycle)
      issues.push(cycleIssue(cycle, label, ['todos', position.get(cycle[0]!.id)!, 'blockedBy']));
  }
  const order = checkOrder(before, next, mode, label, (item) => [
    'todos',
    position.get(item.id)!,
    'status',
  ]);
  issues.push(...order.issues);
  return {
    items: next,
    issues,
    facts: dependencyFacts({ outOfOrder: order.outOfOrder, detached, unblocked: order.unblocked }),
  };
}

/**
 * The dependency part of `todos_add`: `added` are the new items with their ids, after
 * `before`. Their blockers may name existing items by id and each other by content; the
 * existing items keep theirs, so only new items can close a cycle.
 */
export function addDependencies(
  before: readonly TodoItem[],
  input: readonly { blockedBy?: readonly BlockerInput[] | undefined }[],
  added: TodoItem[],
): { items: TodoItem[]; issues: PlanIssue[] } {
  if (!input.some((entry) => entry.blockedBy?.length)) return { items: added, issues: [] };
  const sources: BlockerSource[] = [];
  added.forEach((item, index) => {
    const blockedBy = input[index]!.blockedBy;
    if (blockedBy?.length) sources.push({ index, id: item.id, content: item.content, blockedBy });
  });
  const existing = new Set(before.map((item) => item.id));
  const { resolved, issues } = resolveBlockers(sources, added, existing, 'todos');
  const items = added.map((item, index) => {
    const ids = resolved.get(index);
    return ids === undefined ? item : withBlockers({ ...item }, ids);
  });
  if (issues.length === 0) {
    const cycle = findCycle(items);
    if (cycle) {
      const index = new Map(items.map((item, at) => [item.id, at]));
      const label: EntryLabel = (item) => ({ index: index.get(item.id)!, content: item.content });
      issues.push(cycleIssue(cycle, label, ['todos', index.get(cycle[0]!.id)!, 'blockedBy']));
    }
  }
  return { items, issues };
}
