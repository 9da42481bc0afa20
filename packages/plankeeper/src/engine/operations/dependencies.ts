/**
 * Item dependencies (`blockedBy`): resolving what a model wrote into ids, refusing
 * unknown blockers and cycles, checking order under the engine's dependency mode, and
 * noticing what a removal or cancellation unblocks. The functions change nothing they are
 * given (except writeDependencies, which sets blockers on the fresh items its caller just
 * built) and return at once when no item has blockers, so plans without dependencies pay
 * almost nothing.
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
 * the sent order, with ids, freshly built by the caller, so blockers are set on them in
 * place. An entry that sends `blockedBy` gets exactly those blockers; one that leaves it
 * out keeps its earlier ones, minus items the list no longer holds (reported as detached).
 * `was` is the stored plan by id. This runs on every whole-list write, so it makes one
 * pass and allocates only for what it finds.
 */
export function writeDependencies(
  before: readonly TodoItem[],
  input: readonly { blockedBy?: readonly BlockerInput[] | undefined }[],
  items: TodoItem[],
  mode: DependencyMode,
  was: ReadonlyMap<string, TodoItem> = new Map(before.map((item) => [item.id, item])),
): { items: TodoItem[]; issues: PlanIssue[]; facts: DependencyFacts } {
  const sent = input.some((entry) => entry.blockedBy !== undefined);
  if (!sent && !hasBlockers(before)) return { items, issues: [], facts: {} };
  const now = new Map<string, TodoItem>();
  const position = new Map<string, number>();
  items.forEach((item, index) => {
    now.set(item.id, item);
    position.set(item.id, index);
  });
  const issues: PlanIssue[] = [];
  let byContent: Map<string, string[]> | undefined;
  let detachedFrom: Map<string, string[]> | undefined;
  let newEdge = false;
  // Only items that exist already have ids a model can know; new entries go by content.
  const known = () => items.filter((item) => was.has(item.id)).map((item) => item.id);
  items.forEach((item, index) => {
    const sentBlockers = input[index]!.blockedBy;
    if (sentBlockers === undefined) {
      const inherited = was.get(item.id)?.blockedBy;
      if (!inherited) return;
      const kept: string[] = [];
      for (const id of inherited) {
        if (now.has(id)) kept.push(id);
        else {
          detachedFrom ??= new Map();
          const from = detachedFrom.get(id);
          if (from) from.push(item.id);
          else detachedFrom.set(id, [item.id]);
        }
      }
      if (kept.length > 0) item.blockedBy = kept;
      return;
    }
    const ids: string[] = [];
    sentBlockers.forEach((raw, at) => {
      const text = typeof raw === 'number' ? String(raw) : raw.trim();
      let id: string | undefined;
      if (isDigits(text)) {
        if (text.charCodeAt(0) !== ZERO && was.has(text) && now.has(text)) id = text;
      } else {
        byContent ??= contentIndex(items);
        const matches = byContent.get(text)?.filter((other) => other !== item.id) ?? [];
        if (matches.length > 1) {
          const path = ['todos', index, 'blockedBy', at];
          issues.push({ code: 'ambiguous_blocker', path, received: text, known: known() });
          return;
        }
        id = matches[0];
      }
      if (id === undefined) {
        const path = ['todos', index, 'blockedBy', at];
        issues.push({ code: 'unknown_blocker', path, received: text, known: known() });
      } else if (!ids.includes(id)) ids.push(id);
    });
    if (ids.length > 0) item.blockedBy = ids;
    const earlier = was.get(item.id)?.blockedBy;
    if (!newEdge && ids.some((id) => !earlier?.includes(id))) newEdge = true;
  });
  const label: EntryLabel = (item) =>
    was.has(item.id)
      ? { id: item.id, content: item.content }
      : { index: position.get(item.id)!, content: item.content };
  // The stored plan has no cycle, and leaving edges out cannot make one: only a write
  // that adds an edge needs the search.
  if (issues.length === 0 && newEdge) {
    const cycle = findCycle(items, now);
    if (cycle)
      issues.push(cycleIssue(cycle, label, ['todos', position.get(cycle[0]!.id)!, 'blockedBy']));
  }
  const order = checkOrder(
    before,
    items,
    mode,
    label,
    (item) => ['todos', position.get(item.id)!, 'status'],
    was,
    now,
  );
  issues.push(...order.issues);
  const detached: DetachedBlocker[] = [];
  if (detachedFrom) {
    for (const item of before) {
      const from = detachedFrom.get(item.id);
      if (from) detached.push({ id: item.id, from });
    }
  }
  return {
    items,
    issues,
    facts: dependencyFacts({ outOfOrder: order.outOfOrder, detached, unblocked: order.unblocked }),
  };
}

const ZERO = 48;

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > ZERO + 9) return false;
  }
  return true;
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
    return ids === undefined ? item : withBlockers(item, ids);
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
