/**
 * Checks before done (the person's check commands stand between the model and its answer).
 * The host runs the commands, since the rules run nothing; the rules say when a run is due,
 * keep what it found in the turn's record, and answer for it:
 *
 * - A run is due only when the workspace changed since the checks last passed, since they
 *   last ran, and since the turn began: a turn that changed nothing runs nothing.
 * - A failing run refuses the answer with the command, how it ended and its last lines, at
 *   most `maxRefusals` times per user turn; after that the answer goes through and the person
 *   is told which check still fails (a `notice`), so nothing loops and nothing is hidden.
 * - A command that cannot start blocks nothing and is said to the person once per session.
 *
 * The record's `passed`, `ranAt` and `last` outlive the turn: a later question-only turn
 * sees the workspace as the checks left it.
 */
import { decisiveResult } from '../../checks/check-result.js';
import type { Locale } from '../../locale/locale.js';
import type { ChecksAtAnswer, ChecksRecord } from './checks-record.js';

export type { ChecksAtAnswer };

import type { HostAnswer } from './events.js';
import type { TurnRecord } from './turn-record.js';

/** The name refusals are recorded under in the turn's `bounced`. */
export const CHECKS = 'checks';

/** Whether the host must run the checks before the answer, the workspace being `workspace`. */
export function checksDue(record: TurnRecord, workspace: string): boolean {
  const checks = record.checks;
  if (checks === undefined) return true;
  return workspace !== checks.start && workspace !== checks.passed && workspace !== checks.ranAt;
}

/** The record a new turn starts with, the workspace being `workspace` (when the host took it). */
export function checksAtTurnStart(
  previous: ChecksRecord | undefined,
  workspace: string | undefined,
): ChecksRecord | undefined {
  if (workspace === undefined && previous === undefined) return undefined;
  const { refusals: _, start: __, ...kept } = previous ?? { refusals: 0 };
  return { ...kept, refusals: 0, ...(workspace !== undefined && { start: workspace }) };
}

export interface ChecksStep {
  record: TurnRecord;
  /** A refusal for the model, or a notice for the person; absent: nothing to say. */
  answer?: Extract<HostAnswer, { kind: 'bounce' | 'notice' }>;
}

/** The checks' part of the model's answer: the run noted, and a refusal or a notice. */
export function checksAtAnswer(
  found: ChecksAtAnswer,
  record: TurnRecord,
  maxRefusals: number,
  locale: Locale,
): ChecksStep {
  const checks: ChecksRecord = { ...(record.checks ?? { refusals: 0 }) };
  const notices: string[] = [];
  if (found.run) {
    checks.ranAt = found.workspace;
    const decisive = decisiveResult(found.run);
    if (decisive) checks.last = decisive;
    if (found.run.ok) checks.passed = found.workspace;
    for (const result of found.run.results) {
      if (result.outcome !== 'cannot-start' || checks.saidCannotStart?.includes(result.command))
        continue;
      checks.saidCannotStart = [...(checks.saidCannotStart ?? []), result.command];
      notices.push(locale.checks.cannotStart(result));
    }
  }
  const failing =
    found.workspace !== checks.start &&
    found.workspace !== checks.passed &&
    found.workspace === checks.ranAt &&
    checks.last !== undefined &&
    (checks.last.outcome === 'failed' || checks.last.outcome === 'timed-out')
      ? checks.last
      : undefined;
  if (failing && checks.refusals < maxRefusals) {
    checks.refusals += 1;
    const reason = locale.checks.refused(failing, checks.refusals, maxRefusals);
    return {
      record: { ...record, checks, bounced: [...record.bounced, CHECKS], lastBlock: reason },
      answer: { kind: 'bounce', reason, check: CHECKS },
    };
  }
  if (failing) notices.push(locale.checks.stillFailing(failing, maxRefusals));
  return {
    record: { ...record, checks },
    ...(notices.length > 0 && { answer: { kind: 'notice', text: notices.join('\n') } }),
  };
}
