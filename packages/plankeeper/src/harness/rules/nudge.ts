/**
 * The stale-plan reminder (seed 000): after N tool rounds without a *successful* plan
 * update, the next model call carries a reminder. A round is one model reply with tool
 * calls (for a hook, which sees one call at a time, each call); failed or blocked plan
 * writes and unknown tools count as rounds like any other. A successful update resets the
 * count, and so does the reminder itself.
 */
import { ConfigurationError } from '../../engine/errors.js';

export interface NudgeOptions {
  /** Rounds without a plan update before the reminder. Default 3. */
  after?: number;
  /** Only remind while the plan has open items (seed 002's variant). Default false. */
  onlyWhileOpen?: boolean;
}

/** The options with their defaults, checked; a bad `after` is the host's mistake. */
export function nudgeRule(options: NudgeOptions = {}): Required<NudgeOptions> {
  const after = options.after ?? 3;
  if (!Number.isInteger(after) || after < 1) {
    throw new ConfigurationError(`nudge.after must be a positive integer, got ${options.after}.`);
  }
  return { after, onlyWhileOpen: options.onlyWhileOpen ?? false };
}

/**
 * One idle round more than `rounds`: the new count, and the count the reminder names when
 * one is due now (the count then starts over).
 */
export function idleRound(
  rounds: number,
  rule: Required<NudgeOptions>,
  hasOpenItems: boolean,
): { rounds: number; remind?: number } {
  const next = rounds + 1;
  if (next < rule.after || (rule.onlyWhileOpen && !hasOpenItems)) return { rounds: next };
  return { rounds: 0, remind: next };
}
