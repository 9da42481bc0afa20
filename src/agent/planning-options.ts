/** How an agent plans: which tools, what the model is told and shown, and which guards run. */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { NudgeOptions } from '../harness/nudge.js';
import type { PlanSectionBuilder, UnchangedPlanForm } from '../harness/plan-section.js';
import type { PlanToolPreset } from '../tools/plan-tools.js';

export interface InjectionOptions {
  /**
   * `tail` (default): a transient section after the last message of every call, never
   * stored, so earlier messages never change. `history`: a section appended to the
   * conversation whenever the plan changed, kept from then on.
   */
  placement?: 'tail' | 'history';
  /** With `tail`: what to show when the plan is unchanged since the model saw it. Default `focus`. */
  whenUnchanged?: UnchangedPlanForm;
  /** Replaces the built-in section text. */
  builder?: PlanSectionBuilder;
}

export interface PlanningOptions {
  /** Where plans live. Default: an in-memory engine per agent. */
  engine?: PlanEngine;
  preset?: PlanToolPreset;
  /** Planning guidance added to the system prompt; a string replaces it, false leaves it out. */
  instructions?: string | false;
  /** Plan section on each model call; false suppresses it. */
  injection?: InjectionOptions | false;
  /** Reminder after idle tool rounds; false turns it off. */
  nudge?: NudgeOptions | false;
  /** Bounce a final answer once per turn while items written this turn are open. Default true. */
  finishCheck?: boolean;
  /** Ask once per turn to check the answer against the request when a plan was used. Default true. */
  goalCheck?: boolean;
  /** Append the updated list to plan tool results. Default: only when injection is off. */
  echoPlan?: boolean;
}
