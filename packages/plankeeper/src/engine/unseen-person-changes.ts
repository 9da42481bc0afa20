/**
 * A person's changes a writer has not seen: the revisions a person made after version
 * `basedOn` (the plan the host last showed the model) up to the plan an operation is
 * decided on, read from the plan's history. A whole-list write keeps them and a granular
 * one is refused them (operations/person-kept.ts): a write sent from an older read must
 * not undo a person's change that the model has never heard of.
 */
import type { PlanKey } from './plan-key.js';
import { personEdits } from './store/person-edits.js';
import type { ItemEditInfo, PlanStore } from './store/plan-store.js';
import type { PlanRecord } from './todo-item.js';

/** One change a person made to an item, with their name when they gave one. */
export interface PersonItemChange {
  edit: ItemEditInfo;
  name?: string;
}

export interface UnseenPersonChanges {
  /** Per item id, a person's changes to it after `basedOn`, oldest first. */
  byItem: ReadonlyMap<string, readonly PersonItemChange[]>;
  /** The plan at `basedOn`, what the writer saw, when the history still holds it. */
  seen?: PlanRecord;
}

/**
 * Revisions read at most. Stores keep 50 by default; a writer further behind than the
 * history goes is protected from the changes the history still holds.
 */
const MAX_REVISIONS = 200;

/**
 * A person's item changes between version `basedOn` and `current` (the version of the plan
 * the operation holds), or undefined when there are none. Only an unbroken run of
 * revisions counts, newest back to `basedOn`: a delete starts the versions over, so
 * revisions before it belong to another plan.
 */
export async function unseenPersonChanges(
  store: PlanStore,
  key: PlanKey,
  basedOn: number,
  current: number,
): Promise<UnseenPersonChanges | undefined> {
  if (current <= basedOn) return undefined;
  // One more than the run, for the plan at `basedOn`; a few more for writes since `current`.
  const limit = Math.min(current - basedOn + 4, MAX_REVISIONS);
  const history = await store.history(key, { limit });
  const byItem = new Map<string, PersonItemChange[]>();
  let seen: PlanRecord | undefined;
  let expected = current;
  for (let index = history.length - 1; index >= 0; index--) {
    const revision = history[index]!;
    // Written after the plan this operation holds: its compare-and-set will fail anyway.
    if (expected === current && revision.version > current) continue;
    if (revision.version !== expected || revision.record === null) break;
    if (expected === basedOn) {
      seen = revision.record;
      break;
    }
    const { source } = revision;
    // Walked newest first, so a revision's own changes go in from its last.
    for (const edit of personEdits(source).reverse()) {
      if (edit.kind === 'approve') continue;
      const change: PersonItemChange = {
        edit,
        ...(source.name !== undefined && { name: source.name }),
      };
      const list = byItem.get(edit.id);
      if (list) list.unshift(change);
      else byItem.set(edit.id, [change]);
    }
    expected--;
  }
  if (byItem.size === 0) return undefined;
  return { byItem, ...(seen && { seen }) };
}

/**
 * Runs `decide` with a person's changes made since version `basedOn` of the plan at
 * `key` (held at `version`), read from its history only when the plan moved on since:
 * the common write, on the plan its writer saw, costs no read.
 */
export function afterUnseenChanges<T>(
  store: PlanStore,
  key: PlanKey,
  basedOn: number | undefined,
  version: number,
  decide: (unseen: UnseenPersonChanges | undefined) => T,
): T | Promise<T> {
  if (basedOn === undefined || version <= basedOn) return decide(undefined);
  return unseenPersonChanges(store, key, basedOn, version).then(decide);
}
