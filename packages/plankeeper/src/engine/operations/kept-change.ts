/**
 * A person's change a write kept (person-kept.ts), as the write's result names it, and how
 * a person's changes to one item are read: which kinds, and whose name.
 */
import type { ItemEditInfo } from '../store/plan-store.js';
import type { TodoItem } from '../todo-item.js';
import type { PersonItemChange } from '../unseen-person-changes.js';

/** An item a whole-list write kept as a person left it, and what the person did to it. */
export interface KeptChange {
  /** The item as stored after the write. */
  item: TodoItem;
  /** The person's changes to it, oldest first. */
  edits: ItemEditInfo[];
  /** The person's name, when one person made them all and gave it. */
  name?: string;
}

/** What a person did to an item (an edit, a cancel, a move, …). */
export type Kind = ItemEditInfo['kind'];

export const kindsOf = (changes: readonly PersonItemChange[]) =>
  new Set<Kind>(changes.map((change) => change.edit.kind));

/** `item` as kept, with the person's changes to it. */
export function keptChange(item: TodoItem, changes: readonly PersonItemChange[]): KeptChange {
  const name = soleName(changes);
  return {
    item,
    edits: changes.map((change) => change.edit),
    ...(name !== undefined && { name }),
  };
}

/** The name when one named person made every change, else undefined. */
export function soleName(changes: readonly PersonItemChange[]): string | undefined {
  const names = new Set(changes.map((change) => change.name));
  const [name] = names;
  return names.size === 1 ? name : undefined;
}
