/**
 * Owners in a shared list. The writer is the host's session (`meta.owner`), never a tool
 * argument. The rules, checked on the plan an operation is decided on (so inside the
 * engine's compare-and-set retry: two sessions starting one item can never both win):
 * - an item set `in_progress` gets the writer as its owner; claiming is just starting;
 * - no other writer may change an owned item (status or text), nor drop or remove it while
 *   it is in progress. A completed item keeps its owner (who finished it); others may leave
 *   it out or remove it, but not reopen it: a whole-list write sent from a stale read would
 *   otherwise undo another session's finished work without anyone noticing;
 * - an item its owner sets back to pending (or cancels) is free again;
 * - "at most one in_progress" counts only the writer's own items (see othersInProgress).
 * Without owners anywhere (a plan no host shares) every rule is a no-op.
 */
import type { IssuePath, PlanIssue } from '../plan-issue.js';
import { type PlanRecord, sameBlockers, sameItems, type TodoItem } from '../todo-item.js';
import type { OperationResult } from './operation-result.js';
import type { WriteFacts } from './write-plan.js';

const hasOwners = (record: PlanRecord) => record.items.some((item) => item.owner !== undefined);

/**
 * A whole-list write (`write`, given the ids that do not count towards the writer's one
 * in_progress) under the owner rules. `base` is the plan the list was first decided on
 * (see withOwnership). A plan nobody owns anything in, written by no owner, is the plain
 * write: the common case pays for none of this.
 */
export function writeOwned(
  record: PlanRecord,
  base: PlanRecord,
  sent: readonly { status: string }[],
  writer: string | undefined,
  write: (others: ReadonlySet<string>) => OperationResult<WriteFacts>,
): OperationResult<WriteFacts> {
  if (writer === undefined && !hasOwners(record) && (base === record || !hasOwners(base)))
    return write(new Set());
  const others = othersInProgress(record, writer);
  // Re-sent as another session had them at the caller's read, they are not the writer's
  // own in_progress either (withOwnership keeps them as they are now).
  for (const item of base.items) {
    if (item.status === 'in_progress' && item.owner !== undefined && item.owner !== writer)
      others.add(item.id);
  }
  const result = write(others);
  // The written list is the sent one, entry for entry, so an id's place is its index.
  const placed = new Map(result.ok ? result.items.map((item, index) => [item.id, index]) : []);
  const owned = withOwnership(
    record,
    result,
    writer,
    (id) => {
      const index = placed.get(id);
      return index === undefined ? ['todos'] : ['todos', index];
    },
    base,
  );
  if (!owned.ok) return owned;
  // Owners count: a re-sent list that only claimed an item did change it.
  const facts = { ...owned.facts, unchanged: sameItems(record.items, owned.items) };
  const busy = busyClaims(owned.items, sent, writer);
  return { ...owned, facts: busy.length > 0 ? { ...facts, busy } : facts };
}

/**
 * Ids another owner than `writer` holds (in progress or finished). They do not count towards
 * the writer's one in_progress: sent as they are, they stay the other's; sent changed (a
 * stale read shows a finished item still in progress), the owner check refuses them and
 * names the owner, which says more than "two entries are in_progress".
 */
export function othersInProgress(record: PlanRecord, writer: string | undefined): Set<string> {
  const ids = new Set<string>();
  for (const item of record.items) {
    if (item.owner !== undefined && item.owner !== writer) ids.add(item.id);
  }
  return ids;
}

/**
 * `result` with owners set on its items, or a rejection naming each item it would have
 * taken from another owner. `pathOf` places an issue in the sent arguments.
 *
 * `base` is the plan a whole list was first decided on, when a compare-and-set conflict
 * has the write decided again on a newer `record`. An entry re-sent exactly as another
 * session had it in progress in `base` is that session's work, not a claim: when it has
 * been freed since (finished, released, set back), it stays as `record` has it. Otherwise
 * a list sent from a read just before a release would start the freed item in the
 * writer's name, a claim nobody made, which the writer never learns of nor releases, and
 * which then refuses its real claims as a second item in progress.
 */
export function withOwnership<Facts>(
  record: PlanRecord,
  result: OperationResult<Facts>,
  writer: string | undefined,
  pathOf: (id: string) => IssuePath,
  base?: PlanRecord,
): OperationResult<Facts> {
  if (!result.ok) return result;
  if (writer === undefined && !hasOwners(record)) return result;
  const before = new Map(record.items.map((item) => [item.id, item]));
  const after = new Map(result.items.map((item) => [item.id, item]));
  const issues: PlanIssue[] = [];
  const refuse = (item: TodoItem, owner: string, status: 'in_progress' | 'completed') =>
    issues.push({
      code: 'owned_by_other',
      path: pathOf(item.id),
      id: item.id,
      content: item.content,
      owner,
      status,
    });

  const moved = movedItems(record.items, result.items);
  for (const item of record.items) {
    if (item.owner === undefined || item.owner === writer) continue;
    if (item.status !== 'in_progress' && item.status !== 'completed') continue;
    const next = after.get(item.id);
    // Leaving out someone's finished item is fine; their work in progress is not. Its
    // blockers and its place among the items are theirs too (under enforce a blocker added
    // by another would keep its owner from ever completing it).
    if (next ? !sameWork(item, next) || moved.has(item.id) : item.status === 'in_progress') {
      refuse(item, item.owner, item.status);
    }
  }
  const seen =
    base && base !== record ? new Map(base.items.map((item) => [item.id, item])) : undefined;
  const items = result.items.map((next) => {
    const previous = before.get(next.id);
    const held = seen?.get(next.id);
    if (
      previous &&
      held &&
      isOthersWork(held, writer) &&
      sameWork(held, next) &&
      !(isOthersWork(previous, writer) && sameWork(previous, next))
    ) {
      return previous;
    }
    const owner = ownerAfter(previous, next, writer);
    if (owner === next.owner) return next;
    const { owner: _, ...rest } = next;
    return owner === undefined ? rest : { ...rest, owner };
  });
  if (issues.length > 0) return { ok: false, issues };
  return { ...result, items };
}

/** The owner `next` has after the write (another's item is unchanged, or refused above). */
function ownerAfter(
  previous: TodoItem | undefined,
  next: TodoItem,
  writer: string | undefined,
): string | undefined {
  switch (next.status) {
    case 'in_progress':
      return previous?.status === 'in_progress' && previous.owner !== undefined
        ? previous.owner
        : writer;
    case 'completed':
      return previous?.owner ?? writer;
    default:
      // Pending or cancelled: nobody works on it, so it is free again.
      return undefined;
  }
}

/** In progress under another owner than `writer`. */
function isOthersWork(item: TodoItem, writer: string | undefined): boolean {
  return item.status === 'in_progress' && item.owner !== undefined && item.owner !== writer;
}

/** Same status, texts and blockers: a whole-list write that re-sent another's item unchanged. */
function sameWork(item: TodoItem, other: TodoItem): boolean {
  return (
    item.status === other.status &&
    item.content === other.content &&
    item.description === other.description &&
    item.activeForm === other.activeForm &&
    item.note === other.note &&
    sameBlockers(item.blockedBy, other.blockedBy)
  );
}

/**
 * Ids of items the write moves among the items it keeps: those with other items before
 * them than before the write (items it adds or leaves out do not count).
 */
function movedItems(before: readonly TodoItem[], after: readonly TodoItem[]): Set<string> {
  const kept = new Set(after.map((item) => item.id));
  const was = before.filter((item) => kept.has(item.id)).map((item) => item.id);
  const still = new Set(was);
  const now = after.filter((item) => still.has(item.id)).map((item) => item.id);
  const moved = new Set<string>();
  const earlier = (order: string[], index: number) => new Set(order.slice(0, index));
  now.forEach((id, index) => {
    const then = earlier(was, was.indexOf(id));
    const ahead = earlier(now, index);
    if (then.size !== ahead.size || [...then].some((other) => !ahead.has(other))) moved.add(id);
  });
  return moved;
}

/**
 * Entries a whole-list write sent `in_progress` that stay another session's, when `writer`
 * ends with none of its own in progress: re-sending someone's item as it is keeps it, so a
 * claim sent from a read before theirs is accepted without being one, and the writer must
 * hear that it got nothing. `written` is the stored list, entry for entry as `sent`.
 */
export function busyClaims(
  written: readonly TodoItem[],
  sent: readonly { status: string }[],
  writer: string | undefined,
): TodoItem[] {
  if (writer === undefined) return [];
  if (written.some((item) => item.status === 'in_progress' && item.owner === writer)) return [];
  return written.filter(
    (item, index) =>
      sent[index]?.status === 'in_progress' && item.owner !== undefined && item.owner !== writer,
  );
}

/** Items `owner` has in progress set back to pending, for a host whose session died. */
export function releaseItems(
  record: PlanRecord,
  owner: string,
): { items: TodoItem[]; released: string[] } {
  const released: string[] = [];
  const items = record.items.map((item) => {
    if (item.status !== 'in_progress' || item.owner !== owner) return item;
    released.push(item.id);
    const { owner: _, ...rest } = item;
    return { ...rest, status: 'pending' as const };
  });
  return { items, released };
}
