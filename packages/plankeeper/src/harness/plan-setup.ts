/**
 * What every host that plans needs, built one way: the engine, the harness for a key,
 * the plan tools with the shared defaults, and the planning instructions. The agent loop
 * and each framework adapter start from here.
 */
import type { DependencyMode } from '../engine/operations/dependencies.js';
import { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { Locale, LocaleId } from '../locale/index.js';
import { createPlanTools } from '../tools/plan-tools.js';
import type { ToolDefinition } from '../tools/tool.js';
import { type ToolFamilyOption, toolFamilyOf } from '../tools/tool-family.js';
import { defaultInstructions } from './instructions.js';
import { type HarnessOptions, PlanHarness } from './plan-harness.js';
import { resolveDiscipline } from './rules/resolve-discipline.js';

export interface PlanSetupOptions extends HarnessOptions, ToolFamilyOption {
  /** Where plans live. Default: a new in-memory engine. */
  engine?: PlanEngine;
  /** Language of everything the model reads. Default `en`. */
  locale?: Locale | LocaleId;
  /** Replaces the default planning guidance in `instructions`. */
  instructions?: string;
  /** Append the updated list to plan tool results. Default: only when injection is off. */
  echoPlan?: boolean;
  /** How `blockedBy` constrains the order of the model's writes. Default: the engine's (`warn`). */
  dependencies?: DependencyMode;
}

export interface PlanSetup {
  engine: PlanEngine;
  harness: PlanHarness;
  tools: ToolDefinition[];
  /** Planning guidance for the system prompt. */
  instructions: string;
}

/** The plan tools with the shared defaults: the whole-list family, echo only without injection. */
export function planToolsFor(
  options: ToolFamilyOption & {
    engine: PlanEngine;
    locale: Locale;
    echoPlan?: boolean | undefined;
    injection?: HarnessOptions['injection'];
    discipline?: HarnessOptions['discipline'];
    dependencies?: DependencyMode | undefined;
  },
): ToolDefinition[] {
  return createPlanTools({
    engine: options.engine,
    tools: toolFamilyOf(options, 'whole-list'),
    locale: options.locale,
    // The preset resolver's answer, as in every host: echo only where no plan section shows it.
    echoPlan: resolveDiscipline(options).echoPlan,
    ...(options.dependencies && { dependencies: options.dependencies }),
  });
}

export function setUpPlan(options: PlanSetupOptions & { key: PlanKey }): PlanSetup {
  const engine = options.engine ?? new PlanEngine();
  const harness = new PlanHarness({ ...options, engine });
  return {
    engine,
    harness,
    tools: planToolsFor({ ...options, engine, locale: harness.locale }),
    instructions: options.instructions ?? defaultInstructions(harness.locale),
  };
}
