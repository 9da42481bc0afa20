/**
 * One gate run's results (the record of each is the engine's, engine/check-record.ts) and
 * the bounded tail of a command's output.
 */

import type { CheckResult } from '../engine/check-record.js';

export {
  CHECK_OUTCOMES,
  type CheckOutcome,
  type CheckRecord,
  type CheckResult,
  checkEnding,
  checkSummary,
  readCheckResult,
} from '../engine/check-record.js';

/** The commands of one gate run, in order; it stops at the first that fails. */
export interface CheckRun {
  ok: boolean;
  results: CheckResult[];
}

/** The result that decided a run: the first that failed, else the last. */
export function decisiveResult(run: CheckRun): CheckResult | undefined {
  return (
    run.results.find((result) => result.outcome === 'failed' || result.outcome === 'timed-out') ??
    run.results.at(-1)
  );
}

/** Output lines and characters kept of a failed check. */
const TAIL_LINES = 20;
const TAIL_CHARS = 2000;

/** The last lines of `output`, bounded, without terminal colour codes. */
export function outputTail(output: string): string {
  const plain = output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').trimEnd();
  const lines = plain.split(/\r?\n/).slice(-TAIL_LINES).join('\n');
  return lines.length > TAIL_CHARS ? `…${lines.slice(-TAIL_CHARS)}` : lines;
}
