/**
 * `todo_write` as the engine decides it: the list as its writer meant it (person-kept.ts),
 * written under the shared list's ownership (ownership.ts), with a person's changes the
 * writer had not seen kept, and the item limit checked on the result.
 */
import type { PlanLimits } from './limits.js';
import type { OperationMeta } from './operation-meta.js';
import type { DependencyMode } from './operations/dependencies.js';
import type { OperationResult } from './operations/operation-result.js';
import { writeOwned } from './operations/ownership.js';
import {
  entriesAsSeen,
  keepPersonChanges,
  personKeptIds,
  withDropped,
  withoutRemoved,
} from './operations/person-kept.js';
import {
  type DropPolicy,
  type WriteFacts,
  type WriteItemInput,
  writePlan,
} from './operations/write-plan.js';
import type { PlanRecord } from './todo-item.js';
import type { UnseenPersonChanges } from './unseen-person-changes.js';

/** The engine's settings a whole-list write follows. */
export interface WholeListSettings {
  limits: PlanLimits;
  dropPolicy: DropPolicy;
  dependencies: DependencyMode;
}

/**
 * `items` written over `record`; `first` is the plan the list was first decided on (see
 * withOwnership's `base`), `unseen` a person's changes since the writer's read.
 */
export function wholeListWrite(
  record: PlanRecord,
  first: PlanRecord,
  items: readonly WriteItemInput[],
  meta: OperationMeta,
  unseen: UnseenPersonChanges | undefined,
  settings: WholeListSettings,
): OperationResult<WriteFacts> {
  const { input: sent, dropped } = unseen
    ? withoutRemoved(entriesAsSeen(items, record, unseen), record, unseen)
    : { input: items, dropped: [] };
  const keep = unseen ? personKeptIds(record, unseen) : undefined;
  const owned = writeOwned(record, first, sent, meta.owner, (others) =>
    writePlan(
      record,
      sent,
      settings.limits,
      settings.dropPolicy,
      meta.dependencies ?? settings.dependencies,
      others,
      keep,
    ),
  );
  if (!unseen) return owned;
  const kept = withDropped(keepPersonChanges(record, owned, unseen, meta.owner), dropped);
  // The person's items put back can take a full list over the limit.
  const count = kept.ok ? kept.items.length : 0;
  const maximum = settings.limits.maxItems;
  return count > maximum
    ? { ok: false, issues: [{ code: 'too_many_items', path: ['todos'], maximum, count }] }
    : kept;
}
