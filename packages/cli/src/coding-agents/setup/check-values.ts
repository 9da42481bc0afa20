/**
 * The values of the check flags (`--verify CMD` repeatable, `--verify-timeout SECONDS`,
 * `--verify-refusals N`), one reading for `setup`, `mcp` and `hook`: each says its problem in
 * one line naming what is right. A leaf with no imports, so the hook process stays cheap.
 */

/** Seconds one check command may run before it counts as failed. */
export const DEFAULT_CHECK_TIMEOUT_SEC = 300;
/** Refusals of one user turn's answers before it goes through and the person is told. */
export const DEFAULT_CHECK_REFUSALS = 3;
/** `--verify auto` on setup: the project's usual checks (detect-checks.ts). */
export const AUTO_CHECKS = 'auto';

const MAX_TIMEOUT_SEC = 3600;
const MAX_REFUSALS = 20;

/** The person's check settings as the flags give them; absent limits are the defaults. */
export interface CheckFlags {
  commands: readonly string[];
  /** Where they run, relative to the project directory (with `/`); absent: that directory. */
  in?: string;
  timeoutSec?: number;
  refusals?: number;
}

/** A flag's value, or the one line that says what is wrong with it. */
export type Checked<T> = T | { problem: string };

/** The value, or `fail`'s error for its problem (each command throws its own kind). */
export function valueOr<T>(checked: Checked<T>, fail: (problem: string) => Error): T {
  if (typeof checked === 'object' && checked !== null && 'problem' in checked) {
    throw fail(checked.problem);
  }
  return checked as T;
}

/** `--verify-timeout`'s seconds. */
export function checkTimeoutSec(value: string): Checked<number> {
  return (
    wholeNumber(value, 1, MAX_TIMEOUT_SEC) ?? {
      problem: `--verify-timeout must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SEC}, not ${JSON.stringify(value)}.`,
    }
  );
}

/** `--verify-refusals`'s count. */
export function checkRefusals(value: string): Checked<number> {
  return (
    wholeNumber(value, 1, MAX_REFUSALS) ?? {
      problem: `--verify-refusals must be a whole number from 1 to ${MAX_REFUSALS}, not ${JSON.stringify(value)}.`,
    }
  );
}

/** One `--verify` command, trimmed. */
export function checkCommand(value: string): Checked<string> {
  const command = value.trim();
  return command === '' ? { problem: '--verify needs a command, such as "npm test".' } : command;
}

/** Said when a limit comes without a command to apply it to. */
export const LIMITS_WITHOUT_COMMAND =
  '--verify-in, --verify-timeout and --verify-refusals apply only with --verify COMMAND.';

/**
 * Seconds a host should give its stop event's hook: every command may use its whole timeout,
 * one after another, plus room for starting plankeeper and reading the store.
 */
export function stopHookSeconds(checks: CheckFlags): number {
  const each = checks.timeoutSec ?? DEFAULT_CHECK_TIMEOUT_SEC;
  return each * checks.commands.length + 30;
}

/**
 * The timeout a hook handler on an event gets: the checks' time on a stop event when checks
 * are set, else the short one every other event keeps. In the unit of `short`: `perSecond`
 * converts (1000 for milliseconds).
 */
export function hookTimeout(
  checks: CheckFlags | undefined,
  isStop: boolean,
  short: number,
  perSecond = 1,
): number {
  return checks && isStop ? stopHookSeconds(checks) * perSecond : short;
}

/** The arguments that hand `checks` on to another plankeeper command (defaults left out). */
export function checkArgs(checks: CheckFlags | undefined): string[] {
  if (!checks || checks.commands.length === 0) return [];
  return [
    ...checks.commands.flatMap((command) => ['--verify', command]),
    ...(checks.in !== undefined ? ['--verify-in', checks.in] : []),
    ...(checks.timeoutSec !== undefined && checks.timeoutSec !== DEFAULT_CHECK_TIMEOUT_SEC
      ? ['--verify-timeout', String(checks.timeoutSec)]
      : []),
    ...(checks.refusals !== undefined && checks.refusals !== DEFAULT_CHECK_REFUSALS
      ? ['--verify-refusals', String(checks.refusals)]
      : []),
  ];
}

function wholeNumber(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,6}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : undefined;
}
