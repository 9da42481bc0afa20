/**
 * Plan approval (seed 001's plan → execute; Claude Code's plan mode): with `approval`
 * on, every tool but the plan tools is held, with one short text the model reads, until
 * a person approves the plan (`plankeeper todos --approve`, the dashboard's button, or
 * the host's `approve` callback). The rule itself is rules/approval-hold.ts; these are
 * the options a host gives PlanHarness.
 *
 * @example
 * const harness = new PlanHarness({ engine, key, approval: { again: 'on-change' } });
 * const held = await harness.approvalHold('run_shell'); // the text, or undefined to run it
 */
import type { PlanSnapshot } from '../engine/plan-engine.js';
import type { ApprovalAgainOption } from './rules/approval-hold.js';

/** What the host's `approve` callback answers: yes (with the approver's name) or not now. */
export type ApprovalAnswer = boolean | { name?: string } | undefined;

export interface ApprovalRules {
  /**
   * When an approved plan waits for approval again: `once` (default; approval is once
   * per plan), or `on-change`, once its steps change (one added, removed, cancelled,
   * reworded or moved; progress is no change, nor is a person's own edit). `never`, the
   * earlier name of `once`, still works for one release, with a deprecation warning.
   */
  again?: ApprovalAgainOption;
  /** Tools besides the plan tools that run while the plan waits (read-only lookups, say). */
  allow?: readonly string[];
  /**
   * Asked before a call is held, with the plan as it is: answer true (or `{name}`) to
   * approve it as a person would, which is recorded in the history, and the call runs.
   */
  approve?: (
    plan: PlanSnapshot,
    call: { tool: string },
  ) => ApprovalAnswer | Promise<ApprovalAnswer>;
}

/** `'required'` is approval once per plan; the object form says more. */
export type ApprovalOption = 'required' | ApprovalRules;

/** The rules an option stands for; undefined when no approval is asked for. */
export function approvalRules(
  option: ApprovalOption | false | undefined,
): ApprovalRules | undefined {
  if (option === undefined || option === false) return undefined;
  return option === 'required' ? {} : option;
}
