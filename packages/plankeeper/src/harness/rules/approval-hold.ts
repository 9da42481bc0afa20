/**
 * The approval hold (seed 001's plan → execute; Claude Code's plan mode): with approval on,
 * every tool but the plan tools is held, with one short text the model reads, until a person
 * approves the plan. A plan waiting for a person is also the point of the model's answer,
 * so no check bounces it.
 */
import { type ApprovalAgain, isApproved } from '../../engine/operations/approve.js';
import type { PlanSnapshot } from '../../engine/plan-engine.js';
import type { ApprovalWait } from '../../locale/approval-texts.js';
import type { Locale } from '../../locale/locale.js';

export type { ApprovalAgain, ApprovalWait };

/** `again` as a host may still write it: `never` is the earlier name of `once`. */
export type ApprovalAgainOption = ApprovalAgain | 'never';

let warnedNever = false;

/** `once` for the deprecated `never` (with a one-time warning), else `again` itself. */
export function approvalAgain(again: ApprovalAgainOption | undefined): ApprovalAgain {
  if (again !== 'never') return again ?? 'once';
  if (!warnedNever) {
    warnedNever = true;
    globalThis.process?.emitWarning?.(
      "approval again: 'never' is now 'once'; 'never' will stop working in the next release.",
      'DeprecationWarning',
    );
  }
  return 'once';
}

/** Why the plan still waits for a person, or undefined when it is approved. */
export function approvalWait(
  plan: PlanSnapshot,
  again: ApprovalAgainOption = 'once',
): ApprovalWait | undefined {
  if (isApproved(plan, approvalAgain(again))) return undefined;
  if (!plan.items.some((item) => item.status !== 'cancelled')) return 'no-plan';
  return plan.approval ? 'changed' : 'unapproved';
}

/** The text a call of `tool` gets instead of running, or undefined when it may run. */
export function approvalHoldText(
  plan: PlanSnapshot,
  tool: string,
  again: ApprovalAgainOption,
  locale: Locale,
): string | undefined {
  const wait = approvalWait(plan, again);
  return wait === undefined ? undefined : locale.approval.waiting(wait, tool);
}
