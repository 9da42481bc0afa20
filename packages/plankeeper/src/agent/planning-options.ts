/** How an agent plans: which tools, what the model is told and shown, and which guards run. */
import type { PlanSetupOptions } from '../harness/plan-setup.js';

export type { InjectionOptions } from '../harness/plan-harness.js';

export interface PlanningOptions extends Omit<PlanSetupOptions, 'instructions' | 'locale'> {
  /** Planning guidance added to the system prompt; a string replaces it, false leaves it out. */
  instructions?: string | false;
}
