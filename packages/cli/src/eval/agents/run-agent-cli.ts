/**
 * One non-interactive run of an agent's CLI in the workspace: its own process group (so a
 * timeout or an abort also ends the MCP servers and hooks it started), stdout and stderr kept
 * for the transcript, ended after `timeoutMs` or when the suite runner aborts.
 */
import { spawn } from 'node:child_process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** The CLI could not be started at all (spawn error). */
  startError?: string;
}

export interface CliRunRequest {
  bin: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
}

/** Output past this is cut from the middle's end: a transcript, not an archive. */
const MAX_OUTPUT = 8 * 1024 * 1024;

export function runAgentCli(request: CliRunRequest): Promise<CliRun> {
  return new Promise((resolve) => {
    const run: CliRun = { code: null, stdout: '', stderr: '', timedOut: false, aborted: false };
    if (request.signal.aborted) {
      resolve({ ...run, aborted: true });
      return;
    }
    const child = spawn(request.bin, request.args, {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (run.stdout.length < MAX_OUTPUT) run.stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (run.stderr.length < MAX_OUTPUT) run.stderr += chunk;
    });
    const timer = setTimeout(() => {
      run.timedOut = true;
      killGroup();
    }, request.timeoutMs);
    const onAbort = () => {
      run.aborted = true;
      killGroup();
    };
    request.signal.addEventListener('abort', onAbort, { once: true });
    const finish = () => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
      killGroup(); // whatever it left running in its group
      resolve(run);
    };
    child.on('error', (error) => {
      run.startError = error.message;
      finish();
    });
    child.on('close', (code) => {
      run.code = code;
      finish();
    });
  });
}
