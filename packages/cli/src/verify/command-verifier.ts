/**
 * The person's check command as a completion verifier (`--verify "npm test"`): when an
 * item tagged `[verify]` or the last open item is completed (or the plan's last open item
 * is cancelled or removed, which ends it as well), the command runs and a failure refuses
 * the write with its last output lines; a pass is kept as the completion's evidence (the
 * command, exit code, duration and plan version). The command comes only from the person's
 * configuration (a flag, a setup, a script option), never from the model. It runs the way
 * the checks before an answer run (plankeeper/checks, runCheck): one way to run a check.
 */
import { DEFAULT_CHECK_TIMEOUT_MS, runCheck } from 'plankeeper/checks';
import type { CompletionVerifier, VerifierSpec } from 'plankeeper/harness';

/** The tag that asks for the check on an item other than the last. */
export const VERIFY_TAG = '[verify]';

export interface CommandVerifierOptions {
  command: string;
  /** Where the command runs. Default: the current directory. */
  cwd?: string;
  timeoutMs?: number;
}

/** The verifier: runs the command for a tagged item or the final completion, else lets it through. */
export function commandVerifier(options: CommandVerifierOptions): VerifierSpec {
  const check = {
    command: options.command,
    cwd: options.cwd ?? process.cwd(),
    timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
  };
  const verify: CompletionVerifier = async (item, context) => {
    // Tagged as the person saw it, or as the write leaves it: rewording the tag away in
    // the completing write does not skip the check.
    const tagged = [item, context.was].some(
      (each) =>
        each !== undefined && `${each.content} ${each.description ?? ''}`.includes(VERIFY_TAG),
    );
    if (!tagged && context.openAfter > 0) return true;
    const result = await runCheck(check, context.signal);
    const { evidence } = context.locale;
    switch (result.outcome) {
      case 'passed':
        return { check: result };
      case 'timed-out':
        return evidence.commandTimedOut(check.command, Math.ceil(check.timeoutMs / 1000));
      default:
        // A command that cannot start refuses too: a completion's check is the person's gate.
        return evidence.commandFailed(check.command, result.exit ?? 127, result.tail);
    }
  };
  // The harness's own limit comes after the command's, so the command's text is the one read.
  return { verify, timeoutMs: check.timeoutMs + 5_000 };
}
