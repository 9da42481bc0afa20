/**
 * Item dependencies (`blockedBy`): resolving what a model wrote into ids, refusing
 * unknown blockers and cycles, checking order under the engine's dependency mode, and
 * noticing what a removal or cancellation unblocks. The functions change nothing they are
 * given (except writeDependencies, which sets blockers on the fresh items its caller just
 * built) and return at once when no item has blockers, so plans without dependencies pay
 * almost nothing.
 */
import type { PlanIssue } from '../plan-issue.js';
import type { TodoItem } from '../todo-item.js';
import {
  contentIndex,
  hasBlockers,
  isDigits,
  resolveBlockers,
  ZERO,
} from './blocker-resolution.js';
import {
  checkOrder,
  cycleIssue,
  dependencyFacts,
  findCycle,
  withBlockers,
} from './dependency-order.js';
import type {
  BlockerInput,
  BlockerSource,
  DependencyFacts,
  DependencyMode,
  DetachedBlocker,
  EntryLabel,
} from './dependency-types.js';

export { hasBlockers, resolveBlockers } from './blocker-resolution.js';
export {
  checkOrder,
  cycleIssue,
  dependencyFacts,
  detachRemoved,
  findCycle,
  withBlockers,
} from './dependency-order.js';
export * from './dependency-types.js';

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
