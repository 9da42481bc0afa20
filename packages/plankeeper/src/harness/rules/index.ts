/**
 * The rules of the discipline, in one folder: the host events and answers (events.ts), the
 * per-turn record (turn-record.ts), the reducer every host drives (decide.ts), one file per
 * rule (finish-check.ts, goal-check.ts, nudge.ts, approval-hold.ts, restore.ts) and what
 * each preset sets (presets.ts).
 */
export {
  type ApprovalAgainOption,
  approvalAgain,
  approvalHoldText,
  approvalWait,
} from './approval-hold.js';
export type { AnswerCheck, CheckInput } from './check.js';
export { DEFAULT_CHECKS, type Decision, decide, type RuleOptions } from './decide.js';
export { type HostAnswer, type HostEvent, NOTHING } from './events.js';
export { finishCheck } from './finish-check.js';
export { goalCheck, goalCheckAhead, isHonestPartial } from './goal-check.js';
export { idleRound, type NudgeOptions, nudgeRule } from './nudge.js';
export {
  applyDiscipline,
  checksOf,
  DISCIPLINE_PRESETS,
  DISCIPLINES,
  type Discipline,
  type DisciplinePreset,
  disciplineForModel,
  isDiscipline,
  MODEL_DISCIPLINES,
  type ModelDiscipline,
} from './presets.js';
export { changedSection, restoredSection } from './restore.js';
export {
  boundedTask,
  MAX_SUCCESSES,
  newTurnRecord,
  readTurnRecord,
  type TurnRecord,
} from './turn-record.js';
