/**
 * A person's approval of a plan (seed 001's plan → execute; Claude Code's plan mode). The
 * approval is kept in the plan record, so it is a revision in the history like any other
 * change, and it names the plan's steps it approved: their ids and texts in order, not
 * their statuses, since work on an approved plan is what approval allows. A step added,
 * removed, cancelled, reworded or moved makes a different plan, which a host may hold
 * for approval again (see {@link isApproved}).
 */
import type { PlanApproval, PlanRecord, TodoItem } from '../todo-item.js';

/** When an approved plan needs approval again: never (approval is `once` per plan), or once its steps change. */
export type ApprovalAgain = 'once' | 'on-change';

/**
 * A short fingerprint of the plan's steps (ids and texts in order; cancelled items are
 * dropped steps). A hash, so the record stays small however long the texts are.
 */
export function planSteps(items: readonly TodoItem[]): string {
  const steps = items
    .filter((item) => item.status !== 'cancelled')
    .map((item) => [item.id, item.content]);
  return hash(JSON.stringify(steps));
}

/** True when the record's approval holds under `again`. */
export function isApproved(
  record: { items: readonly TodoItem[]; approval?: PlanApproval | undefined },
  again: ApprovalAgain,
): boolean {
  const { approval } = record;
  if (!approval) return false;
  return again === 'once' || approval.steps === planSteps(record.items);
}

/** The approval of `items` by a person, at `at`. */
export function approvalOf(items: readonly TodoItem[], at: number, name?: string): PlanApproval {
  return { steps: planSteps(items), at, ...(name && { name }) };
}

/**
 * The approval a record keeps after a person's own edit: an approval of the plan as it
 * was carries over to the plan as they left it (they made the change), while an approval
 * already out of date stays out of date.
 */
export function approvalAfterPersonEdit(
  before: PlanRecord,
  items: readonly TodoItem[],
): PlanApproval | undefined {
  const { approval } = before;
  if (!approval || approval.steps !== planSteps(before.items)) return approval;
  return { ...approval, steps: planSteps(items) };
}

/** cyrb53: 53 bits, plain JS (no crypto module in the engine), enough to tell plans apart. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
