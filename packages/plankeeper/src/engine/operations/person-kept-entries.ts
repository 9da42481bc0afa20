/**
 * A whole list sent from an older read, read as its writer meant it before it is written
 * (see person-kept.ts): entries of items a person reworded go by their id, entries of items
 * a person removed are left out, and the items a person changed may be left out unharmed.
 */
import type { PlanRecord, TodoItem } from '../todo-item.js';
import type { UnseenPersonChanges } from '../unseen-person-changes.js';
import { type KeptChange, keptChange, kindsOf } from './kept-change.js';
import { normalizeId, type OperationResult } from './operation-result.js';
import type { WriteFacts, WriteItemInput } from './write-plan.js';

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
