/**
 * `plankeeper/rules`: the rules of the discipline, in one folder and one entry. The reducer
 * every host drives (`decide`) with the host events and answers it takes and gives
 * (events.ts) and the per-turn record it keeps (turn-record.ts); one file per rule
 * (finish-check.ts, goal-check.ts, nudge.ts, approval-hold.ts, restore.ts, and the person's
 * checks before an answer, checks-before-done.ts); what each preset
 * sets (presets.ts) and the one resolver that turns a preset and a host's own options into
 * the rules' options (resolve-discipline.ts).
 *
 * @example
 * import { decide, newTurnRecord, resolveDiscipline } from 'plankeeper/rules';
 * import { getLocale } from 'plankeeper';
 *
 * const { nudge, checks } = resolveDiscipline({ discipline: 'strict' }, { planSection: false });
 * const record = newTurnRecord('turn-1', 'Fix the login bug', Date.now());
 * // `plan`: the snapshot the engine gives (`await engine.snapshot(key)`).
 * const { answer } = decide({ kind: 'stop', stopHookActive: false, lastMessage: 'Done.' }, plan, record, {
 *   locale: getLocale('en'), nudge, checks, now: Date.now(),
 * });
 */
export {
  type ApprovalAgainOption,
  approvalAgain,
  approvalHoldText,
  approvalWait,
} from './approval-hold.js';
export type { AnswerCheck, CheckInput } from './check.js';
export {
  CHECKS,
  type ChecksAtAnswer,
  type ChecksStep,
  checksAtAnswer,
  checksAtTurnStart,
  checksDue,
} from './checks-before-done.js';
export { DEFAULT_CHECKS, type Decision, decide, type RuleOptions } from './decide.js';
export { type HostAnswer, type HostEvent, NOTHING } from './events.js';
export { finishCheck } from './finish-check.js';
export { goalCheck, goalCheckAhead, isHonestPartial } from './goal-check.js';
export { idleRound, type NudgeOptions, nudgeRule } from './nudge.js';
export {
  DISCIPLINE_PRESETS,
  DISCIPLINES,
  type Discipline,
  type DisciplinePreset,
  disciplineForModel,
  isDiscipline,
  MODEL_DISCIPLINES,
  type ModelDiscipline,
} from './presets.js';
export {
  applyDiscipline,
  checksOf,
  type DisciplineOptions,
  type HostView,
  type ResolvedDiscipline,
  resolveDiscipline,
} from './resolve-discipline.js';
export { changedSection, restoredSection } from './restore.js';
export {
  boundedTask,
  type ChecksRecord,
  MAX_SUCCESSES,
  newTurnRecord,
  readTurnRecord,
  type TurnRecord,
} from './turn-record.js';
