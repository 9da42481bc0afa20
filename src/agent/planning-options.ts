/** How an agent plans: which tools, what the model is told and shown, and which guards run. */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { HarnessOptions } from '../harness/plan-harness.js';
import type { PlanToolPreset } from '../tools/plan-tools.js';

export type { InjectionOptions } from '../harness/plan-harness.js';

export interface PlanningOptions extends HarnessOptions {
  /** Where plans live. Default: an in-memory engine per agent. */
  engine?: PlanEngine;
  preset?: PlanToolPreset;
  /** Planning guidance added to the system prompt; a string replaces it, false leaves it out. */
  instructions?: string | false;
  /** Append the updated list to plan tool results. Default: only when injection is off. */
  echoPlan?: boolean;
}
