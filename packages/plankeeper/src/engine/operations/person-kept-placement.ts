/**
 * Where the items a whole-list write kept for a person go (see person-kept.ts): back in the
 * place the person left them, with at most one item in progress.
 */
import type { TodoItem } from '../todo-item.js';

/**
 * `items` with the restored items put back and the moved ones placed as the person left
 * them: a restored item after the nearest item that stood before it, a moved one before
 * the nearest item that stood after it (a move is "before #N"), both as stored.
 */
export function placeAsStored(
  items: readonly TodoItem[],
  stored: readonly TodoItem[],
  restored: ReadonlySet<string>,
  moved: ReadonlySet<string>,
): TodoItem[] {
  if (restored.size === 0 && moved.size === 0) return [...items];
  const own = new Map(items.map((item) => [item.id, item]));
  const list = items.filter((item) => !moved.has(item.id));
  const at = (id: string) => list.findIndex((item) => item.id === id);
  stored.forEach((item, index) => {
    if (restored.has(item.id)) {
      let place = 0;
      for (let back = index - 1; back >= 0; back--) {
        const found = at(stored[back]!.id);
        if (found >= 0) {
          place = found + 1;
          break;
        }
      }
      list.splice(place, 0, withKnownBlockers(item, stored, own));
    } else if (moved.has(item.id) && own.has(item.id)) {
      let place = list.length;
      for (let ahead = index + 1; ahead < stored.length; ahead++) {
        const found = at(stored[ahead]!.id);
        if (found >= 0) {
          place = found;
          break;
        }
      }
      list.splice(place, 0, own.get(item.id)!);
    }
  });
  return list;
}

/** A restored item waits only for items still in the plan (the write may have removed some). */
export function withKnownBlockers(
  item: TodoItem,
  stored: readonly TodoItem[],
  written: ReadonlyMap<string, TodoItem>,
): TodoItem {
  if (!item.blockedBy) return item;
  const storedIds = new Set(stored.map((each) => each.id));
  const kept = item.blockedBy.filter((id) => written.has(id) || !storedIds.has(id));
  if (kept.length === item.blockedBy.length) return item;
  const { blockedBy: _, ...rest } = item;
  return kept.length > 0 ? { ...rest, blockedBy: kept } : rest;
}

/**
 * A restored item the writer had in progress goes back to pending when the write set
 * another one in progress: the writer moved on from it, and one item is in progress at a
 * time. Being in progress was the writer's, not the person's change.
 */
export function oneInProgress(
  items: TodoItem[],
  restored: ReadonlySet<string>,
  writer: string | undefined,
): TodoItem[] {
  const mine = (item: TodoItem) =>
    item.status === 'in_progress' && (item.owner === undefined || item.owner === writer);
  if (!items.some((item) => mine(item) && !restored.has(item.id))) return items;
  return items.map((item) => {
    if (!restored.has(item.id) || !mine(item)) return item;
    const { owner: _, ...rest } = item;
    return { ...rest, status: 'pending' };
  });
}

/** The id of the item before `id` in `items`, if any. */
export function predecessorOf(items: readonly TodoItem[], id: string): string | undefined {
  const index = items.findIndex((item) => item.id === id);
  return index > 0 ? items[index - 1]!.id : undefined;
}
