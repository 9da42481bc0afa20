/**
 * The rules a host that sees one event at a time runs with (a coding agent's hooks, the
 * Claude Agent SDK's callbacks): the reducer's options but the clock and the turn id, which
 * the answering path takes per call (plankeeper/hooks, decideInStore).
 */
import type { ApprovalAgainOption } from './rules/approval-hold.js';
import type { RuleOptions } from './rules/decide.js';
import { checksOf, DISCIPLINE_PRESETS, type Discipline } from './rules/presets.js';

/** The rules' options for events decided in the store; `now` and the turn id are taken per call. */
export type StoredRuleOptions = Omit<RuleOptions, 'now' | 'newTurn'>;

/**
 * The rules a preset sets for a host that sees one event at a time: its nudge threshold
 * (`nudgeAfter` wins over the preset's) and its finish and goal checks, as in every other
 * host. The nudge waits for an open item whatever the preset: a coding agent works without
 * a plan on most tasks and is never told to update one it does not have.
 */
export function storedRules(options: {
  discipline?: Discipline | undefined;
  nudgeAfter?: number | undefined;
  approval?: ApprovalAgainOption | undefined;
}): Omit<StoredRuleOptions, 'locale'> {
  const preset = DISCIPLINE_PRESETS[options.discipline ?? 'standard'];
  return {
    nudge: {
      ...preset.nudge,
      after: options.nudgeAfter ?? preset.nudge.after ?? 3,
      onlyWhileOpen: true,
    },
    checks: checksOf(preset),
    ...(options.approval !== undefined && { approval: options.approval }),
  };
}
