/**
 * `plankeeper/harness`: the harness's parts one by one, for hosts that compose their own
 * discipline instead of using `PlanHarness` (which the root exports): the plan section,
 * the leftover test, the nudge counter and the goal check's honest-partial test.
 *
 * @example
 * import { buildPlanSection } from 'plankeeper/harness';
 * const section = buildPlanSection({ snapshot, locale, turn, changed: true, whenUnchanged: 'focus' });
 */
export { isHonestPartial } from './goal-check.js';
export { Nudge, type NudgeOptions } from './nudge.js';
export {
  buildPlanSection,
  isLeftover,
  type PlanSectionBuilder,
  type PlanSectionInput,
  type UnchangedPlanForm,
} from './plan-section.js';
