/**
 * A person's approval of a plan (seed 001's plan → execute; Claude Code's plan mode). The
 * approval is kept in the plan record, so it is a revision in the history like any other
 * change, and it names the plan's steps it approved: everything shown beside each step
 * (id, text, description, the in-progress wording, blockers) in order, not their statuses,
 * since work on an approved plan is what approval allows. A step added, removed,
 * cancelled, reworded, re-described, re-blocked or moved makes a different plan, which a
 * host may hold for approval again (`on-change`, see {@link isApproved}).
 *
 * `once` covers the plan the person approved for as long as it has a step: the model may
 * change its steps afterwards. A plan emptied (every step removed or cancelled) is over, and
 * the next plan written into it needs approval again (see {@link approvalAfterWrite}).
 */

import { textHash } from '../text-hash.js';
import type { ApprovalAgain, PlanApproval, PlanRecord, TodoItem } from '../todo-item.js';

/** When an approved plan needs approval again: never (approval is `once` per plan), or once its steps change. */
export type { ApprovalAgain };

/** Marks the fingerprint that covers every field shown beside a step. */
const STEPS_V2 = '2:';

/**
 * A short fingerprint of the plan's steps (everything shown beside each, in order;
 * cancelled items are dropped steps). A hash, so the record stays small however long the
 * texts are.
 */
export function planSteps(items: readonly TodoItem[]): string {
  const steps = liveSteps(items).map((item) => [
    item.id,
    item.content,
    item.description ?? null,
    item.activeForm ?? null,
    item.blockedBy ?? null,
  ]);
  return STEPS_V2 + textHash(JSON.stringify(steps));
}

/** The fingerprint an approval stored before 0.3 has: ids and texts only. */
function planStepsV1(items: readonly TodoItem[]): string {
  return textHash(JSON.stringify(liveSteps(items).map((item) => [item.id, item.content])));
}

function liveSteps(items: readonly TodoItem[]): readonly TodoItem[] {
  return items.filter((item) => item.status !== 'cancelled');
}

/** Whether `approval` names the steps of `items` (read in the form it was stored in). */
function namesSteps(approval: PlanApproval, items: readonly TodoItem[]): boolean {
  return approval.steps.startsWith(STEPS_V2)
    ? approval.steps === planSteps(items)
    : approval.steps === planStepsV1(items);
}

/** True when the record's approval holds under `again`. */
export function isApproved(
  record: { items: readonly TodoItem[]; approval?: PlanApproval | undefined },
  again: ApprovalAgain,
): boolean {
  const { approval } = record;
  if (!approval) return false;
  return again === 'once' || namesSteps(approval, record.items);
}

/**
 * The approval a record keeps after a model's write: none once the write leaves no step
 * (the approved plan is over, whatever is written next is a new plan), else the same.
 */
export function approvalAfterWrite(
  approval: PlanApproval | undefined,
  items: readonly TodoItem[],
): PlanApproval | undefined {
  return approval && liveSteps(items).length > 0 ? approval : undefined;
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
  if (!approval || !namesSteps(approval, before.items)) return approval;
  return { ...approval, steps: planSteps(items) };
}
