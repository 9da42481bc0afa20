/**
 * The task's check after a run: its command with `sh` in the workspace; exit 0 passes. A
 * check that cannot start or outlives its time says nothing about the model: an error.
 */
import { spawn } from 'node:child_process';

export type CheckOutcome =
  | { passed: boolean; exitCode: number | null; output: string }
  | { error: string };

const OUTPUT_TAIL = 2000;
/** What `sh` exits with when the command is not there: the check never ran. */
const NOT_FOUND = 127;

export function runCheck(
  command: string,
  cwd: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<CheckOutcome> {
  return new Promise((resolve) => {
    // Its own process group, so a timeout ends what the check started too.
    const child = spawn('sh', ['-c', command], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let stopped: string | undefined;
    const stop = (why: string) => {
      stopped ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => stop(`check timed out after ${timeoutMs} ms`), timeoutMs);
    const onAbort = () => stop('stopped');
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: CheckOutcome) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    child.once('error', (error) => settle({ error: `check could not start: ${error.message}` }));
    child.once('close', (code) =>
      settle(
        stopped !== undefined
          ? { error: stopped }
          : code === NOT_FOUND
            ? { error: `check could not start: ${output.trim() || 'command not found'}` }
            : { passed: code === 0, exitCode: code, output: output.trimEnd() },
      ),
    );
  });
}
