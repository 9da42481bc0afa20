/**
 * Runs the real Gemini CLI (the pinned `@google/gemini-cli`, from node_modules) headless in a
 * throwaway HOME and project, talking only to a {@link GeminiModelServer}.
 *
 * What it takes, found in the CLI's bundle (0.61.0):
 * - `-p <prompt>` runs one prompt non-interactively; `-o json` prints
 *   `{session_id, response, stats, warnings?, error?}` on stdout.
 * - Auth: `GEMINI_API_KEY` plus `security.auth.selectedType: "gemini-api-key"` in the user
 *   settings; `GOOGLE_GEMINI_BASE_URL` then points the SDK at our server. (With the base URL
 *   alone the CLI picks the `gateway` auth type, which 0.61's headless check rejects with
 *   "Invalid auth method selected.", exit 41.)
 * - Trust: project settings (`.gemini/settings.json`: mcpServers, hooks), stdio MCP servers
 *   and all settings hooks load only in a trusted folder; headless, an untrusted folder is
 *   fatal (exit 55). We trust the project the way a user does: `~/.gemini/trustedFolders.json`
 *   `{"<project>": "TRUST_FOLDER"}` (`--skip-trust` / `GEMINI_CLI_TRUST_WORKSPACE=true` also work).
 * - No network: usage statistics (Clearcut), telemetry and update checks are off in the user
 *   settings, and `HTTPS_PROXY`/`HTTP_PROXY` point at the model server (which refuses and
 *   records them) with `NO_PROXY=127.0.0.1,localhost`, so any other call fails at once.
 * - `GEMINI_CLI_NO_RELAUNCH=true` keeps it one process (it would otherwise re-spawn itself
 *   with a bigger heap).
 * - The environment is the shared sandbox's (support/sandbox-env.ts), built from scratch: no
 *   real key, proxy, IDE or CI variable leaks in.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSandboxDirs,
  killProcessGroup,
  sandboxEnv,
  writeSandboxFile,
} from '../../../support/sandbox-env.js';
import { standInMcpArgs } from '../../../support/stand-in-mcp-server.js';
import type { GeminiModelServer } from './gemini-model-server.js';

const require = createRequire(import.meta.url);

/** The CLI's entry (node_modules/.bin/gemini links to it). */
export const GEMINI_BIN = join(
  dirname(require.resolve('@google/gemini-cli/package.json')),
  'bundle',
  'gemini.js',
);
export const GEMINI_VERSION: string = require('@google/gemini-cli/package.json').version;

/** The repository root and its launcher, for `node <repo>/bin/plankeeper.js mcp`. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const PLANKEEPER_BIN = join(REPO_ROOT, 'bin', 'plankeeper.js');
export const SUPPORT_DIR = fileURLToPath(new URL('.', import.meta.url));

export type JsonObject = Record<string, unknown>;

/** A temp root with `home/` (the CLI's HOME) and `project/` (its working directory). */
export interface GeminiSandbox {
  root: string;
  home: string;
  project: string;
  /** Writes `project/.gemini/settings.json`. */
  writeProjectSettings(settings: JsonObject): void;
  /** Writes a file under the project. */
  writeProjectFile(path: string, text: string): void;
  remove(): void;
}

/** User settings every run gets (merged under `userSettings`). */
export const BASE_USER_SETTINGS: JsonObject = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  ide: { enabled: false, hasSeenNudge: true },
};

export function createGeminiSandbox(
  options: { projectSettings?: JsonObject; userSettings?: JsonObject; trust?: boolean } = {},
): GeminiSandbox {
  // A real path: the CLI reports resolved paths (macOS /var -> /private/var); fixtures scrub them.
  const { root, home, project } = createSandboxDirs('plankeeper-gemini-');
  mkdirSync(join(home, '.gemini'), { recursive: true });
  mkdirSync(join(project, '.gemini'), { recursive: true });
  writeSandboxFile(join(home, '.gemini', 'settings.json'), {
    ...BASE_USER_SETTINGS,
    ...options.userSettings,
  });
  if (options.trust !== false) {
    writeSandboxFile(join(home, '.gemini', 'trustedFolders.json'), { [project]: 'TRUST_FOLDER' });
  }
  const sandbox: GeminiSandbox = {
    root,
    home,
    project,
    writeProjectSettings: (settings) =>
      writeSandboxFile(join(project, '.gemini', 'settings.json'), settings),
    writeProjectFile: (path, text) => {
      writeSandboxFile(join(project, path), text);
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  if (options.projectSettings) sandbox.writeProjectSettings(options.projectSettings);
  return sandbox;
}

export interface GeminiRunOptions {
  server: GeminiModelServer;
  prompt: string;
  /** More CLI arguments (`--resume latest`, `-m gemini-2.5-flash`...). */
  args?: readonly string[];
  /** `json` (default), `stream-json` or `text`. */
  outputFormat?: 'json' | 'stream-json' | 'text';
  env?: NodeJS.ProcessEnv;
  /** Kill the CLI (and its MCP servers and hooks) after this long. Default 45 s. */
  timeoutMs?: number;
}

export interface GeminiRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
  /** `-o json` output: `{session_id, response, stats, warnings?, error?}`. */
  json?: { session_id?: string; response?: string; warnings?: string[]; error?: unknown };
}

/** The environment of a run: the sandbox's, with the key and base URL of the scripted model. */
export function geminiEnv(
  sandbox: GeminiSandbox,
  server: GeminiModelServer,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  const tmp = join(sandbox.root, 'tmp');
  // The model server is also the proxy: it refuses and records any other host.
  return sandboxEnv(
    { home: sandbox.home, tmp },
    { proxy: server.url },
    {
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: server.url,
      GEMINI_CLI_NO_RELAUNCH: 'true',
      GEMINI_TELEMETRY_ENABLED: 'false',
      ...extra,
    },
  );
}

export function runGemini(sandbox: GeminiSandbox, options: GeminiRunOptions): Promise<GeminiRun> {
  const format = options.outputFormat ?? 'json';
  const args = [GEMINI_BIN, '-p', options.prompt, '-o', format, ...(options.args ?? [])];
  const env = geminiEnv(sandbox, options.server, options.env);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout also takes down its MCP servers and hooks.
    const child = spawn(process.execPath, args, {
      cwd: sandbox.project,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const killGroup = () => killProcessGroup(child);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs ?? 45_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(); // leftovers of this run only (its own group)
      const run: GeminiRun = {
        code,
        signal,
        stdout,
        stderr,
        timedOut,
        durationMs: Date.now() - started,
      };
      if (format === 'json') {
        try {
          run.json = JSON.parse(stdout) as GeminiRun['json'];
        } catch {
          // not JSON: the caller sees stdout
        }
      }
      resolve(run);
    });
  });
}

/** A readable summary of a run, for assertion messages. */
export function describeRun(run: GeminiRun): string {
  return `exit ${run.code}${run.signal ? ` (${run.signal})` : ''}${run.timedOut ? ' TIMED OUT' : ''} after ${run.durationMs} ms\nstdout: ${run.stdout.slice(0, 2000)}\nstderr: ${run.stderr.slice(-3000)}`;
}

/** The text the stand-in MCP server answers every call with. */
export const STAND_IN_TEXT = 'Stand-in plan:\n- [>] #1 Write the parser\n- [ ] #2 Test it';

/**
 * The `mcpServers` entry for the stand-in MCP server (test/support/stand-in-mcp-server.mjs):
 * tool `todo_write`, answering STAND_IN_TEXT and a `structuredContent`, logging to `log`.
 */
export function standInMcpServer(log: string): JsonObject {
  return {
    command: process.execPath,
    args: standInMcpArgs(log, { tool: 'todo_write', structured: true, text: STAND_IN_TEXT }),
    trust: true,
  };
}

/** The `mcpServers` entry for plankeeper's own MCP server on a sqlite store. */
export function plankeeperMcpServer(store: string, extraArgs: readonly string[] = []): JsonObject {
  return {
    command: process.execPath,
    args: [PLANKEEPER_BIN, 'mcp', '--store', store, ...extraArgs],
    // Pre-approves its tools: a policy rule "allow mcp_plankeeper_*" (trusted folder only).
    trust: true,
    timeout: 20_000,
  };
}
