import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/plankeeper.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would (npm test builds it first). */
export function startCli(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env });
}

export function runCli(
  args: readonly string[],
  options: {
    env?: NodeJS.ProcessEnv;
    input?: string;
    cwd?: string;
    timeoutMs?: number;
    /** Run as this user (needs root), e.g. to meet file permissions as others do. */
    user?: { uid: number; gid: number };
  } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...options.env };
    // An explicit undefined removes a variable (e.g. an API key) for this run.
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env,
      ...options.user,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
