/**
 * A person's changes the writer had not seen (unseen-person-changes.ts), against a write
 * from an older read. Shared lists protect another session's items from a stale list (see
 * ownership.ts); these rules give a person's changes the same protection:
 *
 * - A whole list (`todo_write`) is merged: what a person changed keeps their version, the
 *   writer's other changes land. Only the fields the person set are theirs: a cancel or a
 *   done keeps its status and reason, an edit its text, a note its note, a move its place.
 *   So the model's own report on an item (completing a reworded step) is not lost, and at
 *   most one item stays in progress. An item a person added, or changed, that the list
 *   leaves out is kept where they left it, not removed: the model never chose to drop it.
 *   The result names each kept change, so the model hears of it with its write.
 * - A granular call (`todos_complete`, `todos_remove`) names one item and one change, with
 *   no list to merge: it is refused for an item whose person's change it would undo,
 *   naming that change, and the plan stays as the person left it. The model has then been
 *   shown the change, and its next call, made knowing it, goes through.
 *
 * Everything is pure and decided on the plan an operation holds, so a compare-and-set
 * retry decides again on the winner's plan.
 */
import type { PlanIssue } from '../plan-issue.js';
import type { EditedField, ItemEditInfo } from '../store/plan-store.js';
import { type PlanRecord, sameItems, type TodoItem } from '../todo-item.js';
import type { PersonItemChange, UnseenPersonChanges } from '../unseen-person-changes.js';
import { normalizeId, type OperationResult } from './operation-result.js';
import type { WriteFacts, WriteItemInput } from './write-plan.js';

/** An item a whole-list write kept as a person left it, and what the person did to it. */
export interface KeptChange {
  /** The item as stored after the write. */
  item: TodoItem;
  /** The person's changes to it, oldest first. */
  edits: ItemEditInfo[];
  /** The person's name, when one person made them all and gave it. */
  name?: string;
}

type Kind = ItemEditInfo['kind'];

const kindsOf = (changes: readonly PersonItemChange[]) =>
  new Set<Kind>(changes.map((change) => change.edit.kind));

/**
 * `input` as the writer meant it: an entry without an id whose text is what an item read
 * in the plan the writer saw, before a person reworded it, is that item (most models send
 * no ids, and match items by their text). Without this it would be added as a new item
 * with the old wording, and the reworded one left out.
 */
export function entriesAsSeen(
  input: readonly WriteItemInput[],
  record: PlanRecord,
  unseen: UnseenPersonChanges,
): readonly WriteItemInput[] {
  const seen = unseen.seen;
  if (!seen) return input;
  const current = new Map(record.items.map((item) => [item.id, item]));
  const claimed = new Set(
    input.flatMap((entry) => {
      const id = entry.id === undefined ? undefined : normalizeId(entry.id);
      return id === undefined ? [] : [id];
    }),
  );
  const reworded = new Map<string, string>();
  for (const item of seen.items) {
    const now = current.get(item.id);
    if (!now || now.content === item.content || claimed.has(item.id)) continue;
    if (!kindsOf(unseen.byItem.get(item.id) ?? []).has('edit')) continue;
    if (!reworded.has(item.content)) reworded.set(item.content, item.id);
  }
  if (reworded.size === 0) return input;
  return input.map((entry) => {
    if (entry.id !== undefined) return entry;
    const id = reworded.get(entry.content.trim());
    if (id === undefined) return entry;
    reworded.delete(entry.content.trim());
    return { ...entry, id };
  });
}

/**
 * `input` without the entries of items a person removed since the writer's read (in a plan
 * file, by deleting the line): the item named by its id, or an entry without an id that
 * reads as the item did. Sent from the older read, they would bring the item back, or add
 * it again under a new id. Each dropped removal is named, as a kept change.
 */
export function withoutRemoved(
  input: readonly WriteItemInput[],
  record: PlanRecord,
  unseen: UnseenPersonChanges,
): { input: readonly WriteItemInput[]; dropped: KeptChange[] } {
  const present = new Set(record.items.map((item) => item.id));
  const removed = new Map<string, TodoItem | undefined>();
  for (const [id, changes] of unseen.byItem) {
    if (present.has(id) || !kindsOf(changes).has('remove')) continue;
    removed.set(
      id,
      unseen.seen?.items.find((item) => item.id === id),
    );
  }
  if (removed.size === 0) return { input, dropped: [] };
  const byText = new Map(
    [...removed].flatMap(([id, item]) => (item ? [[item.content, id] as const] : [])),
  );
  const hit = new Set<string>();
  const kept = input.filter((entry) => {
    const id = entry.id === undefined ? byText.get(entry.content.trim()) : normalizeId(entry.id);
    if (id === undefined || !removed.has(id) || hit.has(id)) return true;
    hit.add(id);
    return false;
  });
  const dropped = [...hit].map((id) =>
    keptChange(removed.get(id) ?? { id, content: '', status: 'pending' }, unseen.byItem.get(id)!),
  );
  return { input: kept, dropped };
}

/** `result` naming `dropped` (see withoutRemoved) among the person's changes it kept. */
export function withDropped(
  result: OperationResult<WriteFacts>,
  dropped: readonly KeptChange[],
): OperationResult<WriteFacts> {
  if (!result.ok || dropped.length === 0) return result;
  const ids = dropped.map((change) => change.item.id);
  return {
    ...result,
    facts: { ...result.facts, kept: [...(result.facts.kept ?? []), ...dropped] },
    summary: `${result.summary}, kept a person's removal of ${ids.map((id) => `#${id}`).join(' ')}`,
    keptForPerson: [...(result.keptForPerson ?? []), ...ids],
  };
}

/** Items a whole list may leave out without dropping them: those a person changed, kept. */
export function personKeptIds(record: PlanRecord, unseen: UnseenPersonChanges): Set<string> {
  return new Set(record.items.filter((item) => unseen.byItem.has(item.id)).map((item) => item.id));
}

/**
 * A whole-list write's `result` with a person's changes it would undo kept as they left
 * them (see the rules above); `writer` is the session in a shared list.
 */
export function keepPersonChanges(
  record: PlanRecord,
  result: OperationResult<WriteFacts>,
  unseen: UnseenPersonChanges,
  writer: string | undefined,
): OperationResult<WriteFacts> {
  if (!result.ok) return result;
  const written = new Map(result.items.map((item) => [item.id, item]));
  const changed = new Map<string, TodoItem>();
  const restored = new Set<string>();
  const moved = new Set<string>();
  for (const before of record.items) {
    const changes = unseen.byItem.get(before.id);
    if (!changes) continue;
    const next = written.get(before.id);
    if (!next) {
      restored.add(before.id);
      continue;
    }
    const kinds = kindsOf(changes);
    const merged = withPersonFields(next, before, kinds, editedFields(changes), written);
    if (merged !== next) changed.set(before.id, merged);
    if (kinds.has('move')) moved.add(before.id);
  }
  if (changed.size === 0 && restored.size === 0 && moved.size === 0) return result;

  let items = result.items.map((item) => changed.get(item.id) ?? item);
  items = placeAsStored(items, record.items, restored, moved);
  items = oneInProgress(items, restored, writer);
  const order = (list: readonly TodoItem[]) => list.filter((item) => !restored.has(item.id));
  const movedAgain = [...moved].filter(
    (id) => predecessorOf(order(items), id) !== predecessorOf(result.items, id),
  );
  const keptIds = new Set([...changed.keys(), ...restored, ...movedAgain]);
  if (keptIds.size === 0) return result;

  const byId = new Map(items.map((item) => [item.id, item]));
  const kept: KeptChange[] = record.items
    .filter((item) => keptIds.has(item.id) && byId.has(item.id))
    .map((item) => keptChange(byId.get(item.id)!, unseen.byItem.get(item.id)!));
  const ids = kept.map((change) => change.item.id);
  return {
    ...result,
    items,
    facts: { ...result.facts, kept, unchanged: sameItems(record.items, items) },
    summary: `${result.summary}, kept a person's change to ${ids.map((id) => `#${id}`).join(' ')}`,
    keptForPerson: ids,
  };
}

/**
 * A granular call's `result`, or its refusal for each item a person changed since the
 * writer's read that the call would change in a way that undoes it (`undoes` says which
 * changes it undoes). `pathOf` places an issue in the sent arguments.
 */
export function refusePersonChanged<Facts>(
  record: PlanRecord,
  result: OperationResult<Facts>,
  unseen: UnseenPersonChanges,
  undoes: (kinds: ReadonlySet<Kind>) => boolean,
  pathOf: (id: string) => readonly (string | number)[],
): OperationResult<Facts> {
  if (!result.ok) return result;
  const after = new Map(result.items.map((item) => [item.id, item]));
  const issues: PlanIssue[] = [];
  for (const item of record.items) {
    const changes = unseen.byItem.get(item.id);
    if (!changes) continue;
    const next = after.get(item.id);
    if (next && sameItems([item], [next])) continue;
    if (!undoes(kindsOf(changes))) continue;
    const name = soleName(changes);
    issues.push({
      code: 'changed_by_person',
      path: pathOf(item.id),
      id: item.id,
      content: item.content,
      ...(item.note !== undefined && { note: item.note }),
      edits: changes.map((change) => change.edit),
      ...(name !== undefined && { name }),
    });
  }
  return issues.length > 0 ? { ok: false, issues } : result;
}

/** Completing an item undoes a person's cancel or reopen (its status), edit (the step it did) or note. */
export const completionUndoes = (kinds: ReadonlySet<Kind>) =>
  kinds.has('cancel') || kinds.has('reopen') || kinds.has('edit') || kinds.has('note');

/** Removing an item undoes whatever a person did to it. */
export const removalUndoes = () => true;

/** The fields a person's edits set: those each edit names, the text where it names none. */
function editedFields(changes: readonly PersonItemChange[]): ReadonlySet<EditedField> {
  return new Set(
    changes.flatMap(({ edit }) => (edit.kind === 'edit' ? (edit.fields ?? ['content']) : [])),
  );
}

/**
 * `next` with the fields a person set on `before` (the item as stored), or `next` itself;
 * `written` is the write's items, which a kept blocker must still name.
 */
function withPersonFields(
  next: TodoItem,
  before: TodoItem,
  kinds: ReadonlySet<Kind>,
  edited: ReadonlySet<EditedField>,
  written: ReadonlyMap<string, TodoItem>,
): TodoItem {
  const merged: TodoItem = { ...next };
  if (kinds.has('cancel') || kinds.has('done') || kinds.has('reopen')) {
    // The status with the reason and the owner that go with it (ownership.ts).
    merged.status = before.status;
    setField(merged, 'note', before.note);
    setField(merged, 'owner', before.owner);
  }
  if (edited.has('content')) merged.content = before.content;
  if (edited.has('description')) setField(merged, 'description', before.description);
  if (edited.has('owner')) setField(merged, 'owner', before.owner);
  if (edited.has('blockedBy')) {
    const blockers = before.blockedBy?.filter((id) => written.has(id));
    if (blockers?.length) merged.blockedBy = blockers;
    else delete merged.blockedBy;
  }
  if (kinds.has('note')) setField(merged, 'note', before.note);
  return sameItems([merged], [next]) ? next : merged;
}

function setField(
  item: TodoItem,
  field: 'note' | 'owner' | 'description',
  value: string | undefined,
): void {
  if (value === undefined) delete item[field];
  else item[field] = value;
}

/**
 * `items` with the restored items put back and the moved ones placed as the person left
 * them: a restored item after the nearest item that stood before it, a moved one before
 * the nearest item that stood after it (a move is "before #N"), both as stored.
 */
function placeAsStored(
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
function withKnownBlockers(
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
function oneInProgress(
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

function predecessorOf(items: readonly TodoItem[], id: string): string | undefined {
  const index = items.findIndex((item) => item.id === id);
  return index > 0 ? items[index - 1]!.id : undefined;
}

function keptChange(item: TodoItem, changes: readonly PersonItemChange[]): KeptChange {
  const name = soleName(changes);
  return {
    item,
    edits: changes.map((change) => change.edit),
    ...(name !== undefined && { name }),
  };
}

/** The name when one named person made every change, else undefined. */
function soleName(changes: readonly PersonItemChange[]): string | undefined {
  const names = new Set(changes.map((change) => change.name));
  const [name] = names;
  return names.size === 1 ? name : undefined;
}
