/**
 * The person's check command as a completion verifier (`--verify "npm test"`): when an
 * item tagged `[verify]` or the last open item is completed (or the plan's last open item
 * is cancelled or removed, which ends it as well), the command runs and a failure refuses
 * the write with its last output lines. The command comes only from
 * the person's configuration (a flag, a setup, a script option), never from the model.
 */
import { spawn } from 'node:child_process';
import type { CompletionVerifier, VerifierSpec } from 'plankeeper/harness';

/** The tag that asks for the check on an item other than the last. */
export const VERIFY_TAG = '[verify]';

/** Output lines and characters the model gets back from a failed check. */
const TAIL_LINES = 20;
const TAIL_CHARS = 2000;
/** Output kept while the command runs; only the tail is ever shown. */
const KEPT_CHARS = 64_000;

export const DEFAULT_COMMAND_TIMEOUT_MS = 300_000;

export interface CommandVerifierOptions {
  command: string;
  /** Where the command runs. Default: the current directory. */
  cwd?: string;
  timeoutMs?: number;
  /** Ends the command early (the harness's own time limit for the verifier). */
  signal?: AbortSignal;
}

export type CommandOutcome =
  | { ok: true }
  | { ok: false; exit: number | string; tail: string }
  | { ok: false; timedOut: true };

/** Runs `command` in a shell and reports how it ended, with the tail of its output. */
export function runCheckCommand(options: CommandVerifierOptions): Promise<CommandOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(options.command, {
      shell: true,
      cwd: options.cwd ?? process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a timeout ends the command's children too.
      detached: process.platform !== 'win32',
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_CHARS);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const stop = () => {
      timedOut = true;
      kill(child.pid);
    };
    const timer = setTimeout(stop, timeoutMs);
    options.signal?.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, exit: 127, tail: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) resolve({ ok: false, timedOut: true });
      else if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, exit: code ?? signal ?? 'unknown', tail: tailOf(output) });
    });
  });
}

/** The verifier: runs the command for a tagged item or the final completion, else lets it through. */
export function commandVerifier(options: CommandVerifierOptions): VerifierSpec {
  const timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const verify: CompletionVerifier = async (item, context) => {
    // Tagged as the person saw it, or as the write leaves it: rewording the tag away in
    // the completing write does not skip the check.
    const tagged = [item, context.was].some(
      (each) =>
        each !== undefined && `${each.content} ${each.description ?? ''}`.includes(VERIFY_TAG),
    );
    if (!tagged && context.openAfter > 0) return true;
    const outcome = await runCheckCommand({ ...options, timeoutMs, signal: context.signal });
    if (outcome.ok) return true;
    if ('timedOut' in outcome) {
      return context.locale.evidence.commandTimedOut(options.command, Math.ceil(timeoutMs / 1000));
    }
    return context.locale.evidence.commandFailed(options.command, outcome.exit, outcome.tail);
  };
  // The harness's own limit comes after the command's, so the command's text is the one read.
  return { verify, timeoutMs: timeoutMs + 5_000 };
}

/** The last lines of the output, bounded, without colour codes. */
export function tailOf(output: string): string {
  const plain = output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').trimEnd();
  const lines = plain.split(/\r?\n/).slice(-TAIL_LINES).join('\n');
  return lines.length > TAIL_CHARS ? `…${lines.slice(-TAIL_CHARS)}` : lines;
}

function kill(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
