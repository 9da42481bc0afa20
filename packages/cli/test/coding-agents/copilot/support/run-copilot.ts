/**
 * The real GitHub Copilot CLI for the tests: `copilot -p` in a sandbox (support/sandbox-env.ts),
 * offline, against a scripted OpenAI Responses server (the Codex tests' ResponsesServer, whose
 * wire format Copilot speaks with COPILOT_PROVIDER_WIRE_API=responses). The project is trusted
 * in `~/.copilot/config.json` (`trustedFolders`), as a person's trust answer records it
 * (`--trust-folder` cannot go with `--session-id`); `--session-id` fixes the session id, so a
 * test knows the plan key before the run and can resume it.
 *
 * The CLI unpacks its runtime into a cache on first start (seconds); COPILOT_CACHE_HOME points
 * every sandbox at one cache under the system temp directory, so only the first run pays it.
 *
 * @example
 * const sandbox = createCopilotSandbox();
 * const run = await runCopilot(sandbox, { modelUrl: model.url, prompt: 'Write the parser.' });
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSandboxDirs,
  type FileContent,
  killProcessGroup,
  type SandboxDirs,
  sandboxEnv,
  writeSandboxFile,
} from '../../../support/sandbox-env.js';

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const COPILOT_BIN = join(REPO, 'node_modules', '.bin', 'copilot');
const CACHE = join(tmpdir(), 'plankeeper-test-copilot-cache');

export interface CopilotSandbox extends SandboxDirs {
  /** Extra variables for every run (PLANKEEPER_TEST_HOOK_LOG, say). */
  env: Record<string, string>;
  /** Writes a file in the project, by relative path. */
  writeProjectFile(path: string, content: FileContent): void;
  dispose(): void;
}

export function createCopilotSandbox(): CopilotSandbox {
  const dirs = createSandboxDirs('pk-copilot-');
  return { ...copilotIn(dirs), dispose: () => rmSync(dirs.root, { recursive: true, force: true }) };
}

/**
 * Copilot runs in a sandbox made for another CLI too (Claude Code's, for a project set up for
 * both); its owner removes it.
 */
export function copilotIn(dirs: SandboxDirs): CopilotSandbox {
  writeSandboxFile(join(dirs.home, '.copilot', 'config.json'), {
    trustedFolders: [dirs.project],
  });
  return {
    root: dirs.root,
    home: dirs.home,
    project: dirs.project,
    tmp: dirs.tmp,
    env: {},
    writeProjectFile: (path, content) => writeSandboxFile(join(dirs.project, path), content),
    dispose: () => {},
  };
}

export interface CopilotRunOptions {
  modelUrl: string;
  prompt: string;
  /** The session to start (a fresh UUID by default) or, with `resume`, to continue. */
  session?: string;
  resume?: boolean;
  /** `--allow-all-tools`: Copilot's own tools run without a prompt (plankeeper's need none). */
  allowAllTools?: boolean;
  timeoutMs?: number;
}

export interface CopilotRun {
  code: number | null;
  stdout: string;
  stderr: string;
  session: string;
}

export function runCopilot(
  sandbox: CopilotSandbox,
  options: CopilotRunOptions,
): Promise<CopilotRun> {
  const session = options.session ?? randomUUID();
  const args = [
    '-p',
    options.prompt,
    '-s',
    '--disable-builtin-mcps',
    ...(options.resume ? ['--resume', session] : ['--session-id', session]),
    ...(options.allowAllTools ? ['--allow-all-tools'] : []),
  ];
  const env = sandboxEnv(
    sandbox,
    { proxy: 'http://127.0.0.1:9' },
    {
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: options.modelUrl,
      COPILOT_PROVIDER_WIRE_API: 'responses',
      COPILOT_MODEL: 'gpt-5',
      COPILOT_CACHE_HOME: CACHE,
      COPILOT_AUTO_UPDATE: 'false',
      ...sandbox.env,
    },
  );
  return new Promise((resolve, reject) => {
    const child = spawn(COPILOT_BIN, args, {
      cwd: sandbox.project,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => killProcessGroup(child), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      killProcessGroup(child);
      resolve({ code, stdout, stderr, session });
    });
  });
}

/** What a failed assertion prints: the run's output. */
export function describeRun(run: CopilotRun): string {
  return `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr.slice(-2000)}`;
}
