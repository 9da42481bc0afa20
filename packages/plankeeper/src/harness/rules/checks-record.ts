/**
 * What the checks before an answer keep in the turn's record (checks-before-done.ts), reading
 * it back from a stored record, and what a host hands the rules when the model answers.
 */
import type { CheckRun } from '../../checks/check-result.js';
import { type CheckResult, readCheckResult } from '../../engine/check-record.js';

/** What the checks before an answer remember; all but `start` and `refusals` outlive the turn. */
export interface ChecksRecord {
  /** The workspace's fingerprint when the turn began. */
  start?: string;
  /** The fingerprint when the checks last passed. */
  passed?: string;
  /** The fingerprint when they last ran, and the result that decided that run. */
  ranAt?: string;
  last?: CheckResult;
  /** Refusals of an answer in this turn. */
  refusals: number;
  /** Commands the person was told could not start (once per session). */
  saidCannotStart?: string[];
}

/**
 * What the host found when the model answered (a stop event's `checks`): the workspace, and
 * the run if one was due.
 */
export interface ChecksAtAnswer {
  /** The workspace's fingerprint now. */
  workspace: string;
  /** The results of the run the host made because `checksDue` said so; absent: none ran. */
  run?: CheckRun;
}

/** A stored checks record read back, tolerant of anything. */
export function readChecksRecord(raw: unknown): ChecksRecord | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const value = raw as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const last = readCheckResult(value.last);
  const start = text(value.start);
  const passed = text(value.passed);
  const ranAt = text(value.ranAt);
  const said = Array.isArray(value.saidCannotStart)
    ? value.saidCannotStart.filter((entry): entry is string => typeof entry === 'string')
    : [];
  return {
    refusals:
      typeof value.refusals === 'number' && Number.isInteger(value.refusals) ? value.refusals : 0,
    ...(start !== undefined && { start }),
    ...(passed !== undefined && { passed }),
    ...(ranAt !== undefined && { ranAt }),
    ...(last !== undefined && { last }),
    ...(said.length > 0 && { saidCannotStart: said }),
  };
}
