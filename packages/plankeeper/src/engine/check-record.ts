/**
 * How one run of a person's check command ended (`npm test` before the model may answer, or
 * at a completion), as the plan's history keeps it: the change source of a `host:check`
 * revision, and the plan's `lastCheck`. Viewers (`plankeeper todos`, the dashboard) show it as
 * the plan's verification; the rules read the last one for the goal check. Plain JSON, bounded.
 */

export type CheckOutcome = 'passed' | 'failed' | 'timed-out' | 'cannot-start';

export const CHECK_OUTCOMES: readonly CheckOutcome[] = [
  'passed',
  'failed',
  'timed-out',
  'cannot-start',
];

export interface CheckResult {
  command: string;
  outcome: CheckOutcome;
  /** The exit code, or the signal that ended it; absent when it passed or never ran. */
  exit?: number | string;
  durationMs: number;
  /** The last lines of its output (bounded, colour codes removed); '' when it passed. */
  tail: string;
  /** When it finished, in ms since the epoch. */
  at: number;
}

/** A check result as the history keeps it: with the plan version it verified. */
export interface CheckRecord extends CheckResult {
  /** The plan version when the check ran (before the revision that records it). */
  version: number;
  /** `answer`: run before the model's answer; `completion`: run when an item was completed. */
  when: 'answer' | 'completion';
  /** The answer went through though the check failed: the refusals were used up. */
  letThrough?: true;
}

/** A stored result read back, tolerant of anything; undefined when it is not one. */
export function readCheckResult(raw: unknown): CheckResult | undefined {
  const value = raw as Partial<CheckResult> | null;
  if (typeof value?.command !== 'string' || typeof value.outcome !== 'string') return undefined;
  if (!CHECK_OUTCOMES.includes(value.outcome)) return undefined;
  return {
    command: value.command,
    outcome: value.outcome,
    ...((typeof value.exit === 'number' || typeof value.exit === 'string') && {
      exit: value.exit,
    }),
    durationMs: typeof value.durationMs === 'number' ? value.durationMs : 0,
    tail: typeof value.tail === 'string' ? value.tail : '',
    at: typeof value.at === 'number' ? value.at : 0,
  };
}

/** One line for timelines: `npm test → exit 0 in 12.3 s`. */
export function checkSummary(check: CheckResult): string {
  return `${check.command} → ${checkEnding(check)}`;
}

/** How a check ended, in English: `exit 0 in 12.3 s`, `timed out after 300.0 s`. */
export function checkEnding(check: CheckResult): string {
  const took = `${(check.durationMs / 1000).toFixed(1)} s`;
  switch (check.outcome) {
    case 'passed':
      return `exit 0 in ${took}`;
    case 'failed':
      return typeof check.exit === 'number'
        ? `exit ${check.exit} in ${took}`
        : `ended by ${check.exit} after ${took}`;
    case 'timed-out':
      return `timed out after ${took}`;
    case 'cannot-start':
      return 'could not start';
  }
}
