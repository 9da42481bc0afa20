/**
 * How a host that shows the plan on each model call shows it: where the section goes and
 * what it holds when nothing changed. A leaf of its own, so the presets (rules/presets.ts)
 * can name it without importing the harness that reads it.
 */
import type { PlanSectionBuilder, UnchangedPlanForm } from './plan-section.js';

export interface InjectionOptions {
  /**
   * `tail` (default): a transient section after the last message of every call, never
   * stored, so earlier messages never change. `history`: a section appended to the
   * conversation whenever the plan changed, kept from then on.
   */
  placement?: 'tail' | 'history';
  /** With `tail`: what to show when the plan is unchanged since the model saw it. Default `focus`. */
  whenUnchanged?: UnchangedPlanForm;
  /**
   * With `tail`: what to show right after the model wrote this very list whole itself, its
   * own call being the last thing in front of it. Default `ids`: only the ids the engine
   * gave the current and open items, the one thing that call does not show.
   */
  whenJustWritten?: UnchangedPlanForm;
  /** Replaces the built-in section text. */
  builder?: PlanSectionBuilder;
}
