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
import type { EditedField } from '../store/plan-store.js';
import { type PlanRecord, sameItems, type TodoItem } from '../todo-item.js';
import type { PersonItemChange, UnseenPersonChanges } from '../unseen-person-changes.js';
import { type KeptChange, type Kind, keptChange, kindsOf, soleName } from './kept-change.js';
import type { OperationResult } from './operation-result.js';
import { oneInProgress, placeAsStored, predecessorOf } from './person-kept-placement.js';
import type { WriteFacts } from './write-plan.js';

export type { KeptChange } from './kept-change.js';
export {
  entriesAsSeen,
  personKeptIds,
  withDropped,
  withoutRemoved,
} from './person-kept-entries.js';

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
