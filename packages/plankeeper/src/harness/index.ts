/**
 * `plankeeper/harness`: the harness's parts one by one, for hosts that compose their own
 * discipline instead of using `PlanHarness` (which the root exports): the plan section,
 * the leftover test, the nudge counter, the goal check's honest-partial test, and the
 * discipline presets with the per-model table (`disciplineForModel`).
 *
 * @example
 * import { buildPlanSection } from 'plankeeper/harness';
 * const section = buildPlanSection({ snapshot, locale, turn, changed: true, whenUnchanged: 'focus' });
 *
 * It also carries the engine, the locale and the plan rendering (the same exports as the
 * root's), so a short-lived process such as a coding-agent hook can compose the discipline
 * without loading the root's plan tools (and their zod) or the agent loop.
 */
export { PlanEngine, type PlanEngineOptions, type PlanSnapshot } from '../engine/plan-engine.js';
export type { PlanKey } from '../engine/plan-key.js';
export { quoteText, renderPlan } from '../engine/render.js';
export type { PersonEditInfo, PlanRevision } from '../engine/store/plan-store.js';
export { isOpen, type TodoItem } from '../engine/todo-item.js';
export { getLocale, type Locale, type LocaleId } from '../locale/index.js';
export {
  applyDiscipline,
  DISCIPLINE_PRESETS,
  DISCIPLINES,
  type Discipline,
  type DisciplinePreset,
  disciplineForModel,
  isDiscipline,
  MODEL_DISCIPLINES,
  type ModelDiscipline,
} from './discipline.js';
export { isHonestPartial } from './goal-check.js';
export { Nudge, type NudgeOptions } from './nudge.js';
export { describePersonChanges, personChangeLines } from './person-changes.js';
export {
  buildPlanSection,
  isLeftover,
  type PlanSectionBuilder,
  type PlanSectionInput,
  type UnchangedPlanForm,
} from './plan-section.js';
