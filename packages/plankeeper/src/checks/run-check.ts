/**
 * Runs one check command in a shell, in its own process group so a timeout ends its children
 * too, and reports how it ended with the tail of its output. A command the shell cannot find
 * or execute (exit 127 or 126 with nothing but the shell's complaint) "cannot start": the
 * person's configuration is wrong, which no change by the model can fix.
 */
import { spawn } from 'node:child_process';
import { type CheckResult, outputTail } from './check-result.js';
import type { CheckCommand } from './check-settings.js';

/** Output kept while the command runs; only the tail is ever shown. */
const KEPT_CHARS = 64_000;

export function runCheck(
  check: Required<CheckCommand>,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<CheckResult> {
  const started = performance.now();
  const done = (result: Omit<CheckResult, 'command' | 'durationMs' | 'at'>): CheckResult => ({
    command: check.command,
    ...result,
    durationMs: Math.round(performance.now() - started),
    at: now(),
  });
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(check.command, {
      shell: true,
      cwd: check.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
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
    const timer = setTimeout(stop, check.timeoutMs);
    signal?.addEventListener('abort', stop, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(done({ outcome: 'cannot-start', tail: error.message }));
    });
    child.on('close', (code, endedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      const tail = outputTail(output);
      if (timedOut) resolve(done({ outcome: 'timed-out', tail }));
      else if (code === 0) resolve(done({ outcome: 'passed', tail: '' }));
      else if (notStarted(code, tail))
        resolve(done({ outcome: 'cannot-start', exit: code!, tail }));
      else resolve(done({ outcome: 'failed', exit: code ?? endedBy ?? 'unknown', tail }));
    });
  });
}

/** The shell's own "not found" / "cannot execute" for the command itself. */
function notStarted(code: number | null, tail: string): boolean {
  if (code !== 127 && code !== 126) return false;
  const lines = tail.split('\n');
  return lines.length <= 2 && /not found|No such file|Permission denied|cannot execute/i.test(tail);
}

function kill(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
