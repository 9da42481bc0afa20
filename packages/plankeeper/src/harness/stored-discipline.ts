/**
 * The rules a host that sees one event at a time runs with (a coding agent's hooks, the
 * Claude Agent SDK's callbacks): the reducer's options but the clock and the turn id, which
 * the answering path takes per call (plankeeper/hooks, decideInStore).
 */
import type { ApprovalAgainOption } from './rules/approval-hold.js';
import type { RuleOptions } from './rules/decide.js';
import type { Discipline } from './rules/presets.js';
import { resolveDiscipline } from './rules/resolve-discipline.js';

/** The rules' options for events decided in the store; `now` and the turn id are taken per call. */
export type StoredRuleOptions = Omit<RuleOptions, 'now' | 'newTurn'>;

/**
 * The rules a preset sets for a host that sees one event at a time (see resolve-discipline.ts):
 * its nudge threshold (`nudgeAfter` wins over the preset's) and its finish and goal checks.
 */
export function storedRules(options: {
  discipline?: Discipline | undefined;
  nudgeAfter?: number | undefined;
  approval?: ApprovalAgainOption | undefined;
}): Omit<StoredRuleOptions, 'locale'> {
  const { nudge, checks } = resolveDiscipline(
    {
      discipline: options.discipline,
      ...(options.nudgeAfter !== undefined && { nudge: { after: options.nudgeAfter } }),
    },
    { planSection: false },
  );
  return {
    ...(nudge !== undefined && { nudge }),
    checks,
    ...(options.approval !== undefined && { approval: options.approval }),
  };
}
