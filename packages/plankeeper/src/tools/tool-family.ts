/**
 * The plan tool family a host offers, read from its options: `tools`, or the old name
 * `preset` (0.2), which still works this release with a one-time deprecation warning.
 * "Preset" now means only the discipline preset (`light | standard | strict`).
 */
import { warnDeprecated } from '../engine/deprecation.js';

/** Which tool family a host offers: `todo_write`/`todo_read`, the `todos_*` five, or all seven. */
export type PlanToolFamily = 'whole-list' | 'granular' | 'both';

/** @deprecated Renamed {@link PlanToolFamily} in 0.3. */
export type PlanToolPreset = PlanToolFamily;

export interface ToolFamilyOption {
  /** Which plan tools to offer. */
  tools?: PlanToolFamily | undefined;
  /** @deprecated Renamed `tools` in 0.3. */
  preset?: PlanToolFamily | undefined;
}

/** The family `options` names, `fallback` when it names none. */
export function toolFamilyOf(options: ToolFamilyOption, fallback: PlanToolFamily): PlanToolFamily {
  if (options.preset !== undefined) warnDeprecated('preset', 'tools');
  return options.tools ?? options.preset ?? fallback;
}
