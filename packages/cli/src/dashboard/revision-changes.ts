/**
 * What one revision of a plan changed against the one before, item by item, for the
 * dashboard's timeline ("completed #2: tests pass", "dropped #4").
 */
import { isOpen, type TodoItem, type TodoStatus } from 'plankeeper';

/** Fields whose edits are reported; status is reported by its own change kinds. */
const EDITABLE_FIELDS = ['content', 'description', 'activeForm', 'note'] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];

export type ItemChange =
  | { kind: 'added'; id: string; content: string; status: TodoStatus }
  | { kind: 'started'; id: string; content: string; activeForm?: string }
  | { kind: 'completed'; id: string; content: string; note?: string }
  | { kind: 'cancelled'; id: string; content: string; note?: string }
  /** Any other status move, such as reopening a completed item. */
  | { kind: 'status'; id: string; content: string; from: TodoStatus; to: TodoStatus }
  | { kind: 'edited'; id: string; content: string; fields: EditableField[]; previous: string }
  /** Removed on purpose (`todos_remove`), or an item that was already closed. */
  | { kind: 'removed'; id: string; content: string; status: TodoStatus }
  /** An open item that a whole-list write left out. */
  | { kind: 'dropped'; id: string; content: string; status: TodoStatus }
  | { kind: 'cleared'; count: number }
  /** Put elsewhere in the list; `before` is the item it now stands before, if any. */
  | { kind: 'moved'; id: string; content: string; before?: string };

/**
 * Changes from `previous` to `next` items. `next` null means the plan was deleted;
 * `tool` tells a deliberate removal from an item a rewrite silently left out.
 */
export function revisionChanges(
  previous: readonly TodoItem[],
  next: readonly TodoItem[] | null,
  tool: string,
): ItemChange[] {
  if (next === null) return [{ kind: 'cleared', count: previous.length }];
  const before = new Map(previous.map((item) => [item.id, item]));
  const after = new Set(next.map((item) => item.id));
  const changes: ItemChange[] = [];
  for (const item of next) {
    const old = before.get(item.id);
    if (!old) {
      changes.push({ kind: 'added', id: item.id, content: item.content, status: item.status });
      continue;
    }
    const statusChange = statusChangeOf(old, item);
    if (statusChange) changes.push(statusChange);
    const fields = EDITABLE_FIELDS.filter(
      // A status move already reports its note and activeForm.
      (field) =>
        old[field] !== item[field] &&
        !(statusChange && field !== 'content' && field !== 'description'),
    );
    if (fields.length > 0) {
      changes.push({
        kind: 'edited',
        id: item.id,
        content: item.content,
        fields,
        previous: old.content,
      });
    }
  }
  changes.push(...movedItems(previous, next));
  for (const item of previous) {
    if (after.has(item.id)) continue;
    const kind = isOpen(item) && tool !== 'todos_remove' ? 'dropped' : 'removed';
    changes.push({ kind, id: item.id, content: item.content, status: item.status });
  }
  return changes;
}

function statusChangeOf(old: TodoItem, item: TodoItem): ItemChange | undefined {
  if (old.status === item.status) return undefined;
  const { id, content } = item;
  switch (item.status) {
    case 'completed':
      return {
        kind: 'completed',
        id,
        content,
        ...(item.note !== undefined && { note: item.note }),
      };
    case 'cancelled':
      return {
        kind: 'cancelled',
        id,
        content,
        ...(item.note !== undefined && { note: item.note }),
      };
    case 'in_progress':
      return {
        kind: 'started',
        id,
        content,
        ...(item.activeForm !== undefined && { activeForm: item.activeForm }),
      };
    default:
      return { kind: 'status', id, content, from: old.status, to: item.status };
  }
}

/**
 * Items kept in both lists whose order changed: those outside the longest run that kept
 * its order (a longest increasing subsequence of old positions), so moving one item up
 * names that item, not every item it passed.
 */
function movedItems(previous: readonly TodoItem[], next: readonly TodoItem[]): ItemChange[] {
  const oldIndex = new Map(previous.map((item, index) => [item.id, index]));
  const kept = next.filter((item) => oldIndex.has(item.id));
  const positions = kept.map((item) => oldIndex.get(item.id)!);
  // Patience sorting: tails[k] is the index (in kept) ending the best run of length k+1.
  const tails: number[] = [];
  const parent: number[] = [];
  positions.forEach((position, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positions[tails[middle]!]! < position) low = middle + 1;
      else high = middle;
    }
    parent[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  });
  const stayed = new Set<number>();
  for (let at = tails.at(-1) ?? -1; at >= 0; at = parent[at]!) stayed.add(at);
  const moved: ItemChange[] = [];
  kept.forEach((item, index) => {
    if (stayed.has(index)) return;
    const after = kept[index + 1];
    moved.push({
      kind: 'moved',
      id: item.id,
      content: item.content,
      ...(after && { before: after.id }),
    });
  });
  return moved;
}
