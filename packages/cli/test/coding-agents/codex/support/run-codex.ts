/**
 * Runs the real Codex CLI (the pinned devDependency, node_modules/.bin/codex) non-interactively
 * against the scripted model of responses-server.ts, in a temp HOME and a temp project.
 *
 * The environment is built from nothing (no inherited OPENAI_API_KEY, proxies, or config),
 * and config.toml turns off what would leave the machine: the update check, analytics,
 * plugins/apps sync, web search. As a second guard every proxy variable points at a closed
 * local port (127.0.0.1 itself is exempt), so a call that slipped through fails at once.
 *
 * @example
 * const model = await ResponsesServer.start([say('Hi')]);
 * const ws = createCodexWorkspace();
 * ws.configure({ modelUrl: model.url });
 * const run = await runCodex(ws, { prompt: 'hello' });
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSandboxDirs,
  killProcessGroup,
  parseJsonLines,
  sandboxEnv,
  scrubPaths,
  writeSandboxFile,
} from '../../../support/sandbox-env.js';
import { standInMcpArgs } from '../../../support/stand-in-mcp-server.js';

export const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const CODEX_BIN = join(REPO, 'node_modules', '.bin', 'codex');
export const PLANKEEPER_BIN = join(REPO, 'bin', 'plankeeper.js');
const SUPPORT = dirname(fileURLToPath(import.meta.url));
export const HOOK_RECORDER = join(SUPPORT, 'hook-recorder.mjs');

/** The provider's API key variable (Codex sends it as `Authorization: Bearer`). */
const API_KEY_VAR = 'CODEX_TEST_API_KEY';
/** A closed port: a request through the proxy is refused at once instead of hanging. */
const DEAD_PROXY = 'http://127.0.0.1:9';

/** Every hook event Codex 0.171.0 has (its generated hook schemas). */
export const CODEX_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'Interrupt',
  'SessionEnd',
] as const;
export type CodexHookEvent = (typeof CODEX_HOOK_EVENTS)[number];

export interface HookHandler {
  type: 'command';
  command: string;
  /** Seconds; Codex's default is 600 (SessionEnd 1, and SessionEnd/Interrupt at most 3). */
  timeout?: number;
  statusMessage?: string;
}
/** hooks.json: `{ hooks: { <Event>: [{ matcher?, hooks: [handler] }] } }`, as Claude Code's. */
export interface HooksFile {
  hooks: Partial<Record<CodexHookEvent, { matcher?: string; hooks: HookHandler[] }[]>>;
}

export interface McpServerSpec {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Default true: Codex waits for the server before the first turn (see userConfig). */
  required?: boolean;
  /** Default true: default_tools_approval_mode = "approve" (no approval asked for its tools). */
  approve?: boolean;
}

export interface CodexConfig {
  /** The scripted model's base URL (ResponsesServer#url). */
  modelUrl: string;
  model?: string;
  /** Each is written as [mcp_servers.<name>] (pre-approved and required unless said otherwise). */
  mcpServers?: Record<string, McpServerSpec>;
  /** Written to $CODEX_HOME/hooks.json (user level: needs no project trust). */
  hooks?: HooksFile;
  /** Written to <project>/.codex/hooks.json; loads only in a trusted project. */
  projectHooks?: HooksFile;
  /** Extra TOML for <project>/.codex/config.toml (loads only in a trusted project). */
  projectConfig?: string;
  /** Adds [projects."<project>"] trust_level = "trusted" to the user config. */
  trustProject?: boolean;
  /** Auto-compacts once a response reports more input tokens than this. */
  autoCompactTokenLimit?: number;
  /**
   * Default "never" (what exec uses anyway: an MCP call that needs approval fails). With
   * "on-request", a PermissionRequest hook can approve it.
   */
  approvalPolicy?: 'never' | 'on-request' | 'untrusted';
  /** Extra top-level TOML for the user config (written before the tables). */
  extraConfig?: string;
}

export interface CodexWorkspace {
  root: string;
  home: string;
  codexHome: string;
  project: string;
  /** Where the recording hooks write each event's stdin. */
  hookDir: string;
  /** Where the recording hooks look for their answers (<Event>.stdout, ...). */
  answersDir: string;
  env: Record<string, string>;
  configure(config: CodexConfig): void;
  /** Makes `event`'s recording hook answer with `stdout` (not for a `stop_hook_active` input). */
  answerHook(event: CodexHookEvent, stdout: string, exit?: { code: number; stderr: string }): void;
  /** Replaces the temp paths in `text` by /tmp/HOME, /tmp/PROJECT, /tmp/ROOT. */
  scrub(text: string): string;
  dispose(): void;
}

export function createCodexWorkspace(): CodexWorkspace {
  const dirs = createSandboxDirs('plankeeper-codex-');
  const { root, home, project } = dirs;
  const codexHome = join(home, '.codex');
  const hookDir = join(root, 'hook-inputs');
  const answersDir = join(root, 'hook-answers');
  for (const dir of [codexHome, hookDir, answersDir]) mkdirSync(dir, { recursive: true });
  // A PATH of the system's folders only, after node's, so no other codex or tool is found.
  const path = [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
  const env = sandboxEnv(
    dirs,
    { proxy: DEAD_PROXY, path },
    {
      CODEX_HOME: codexHome,
      [API_KEY_VAR]: 'test-key',
      ALL_PROXY: DEAD_PROXY,
      all_proxy: DEAD_PROXY,
    },
  ) as Record<string, string>;

  return {
    root,
    home,
    codexHome,
    project,
    hookDir,
    answersDir,
    env,
    configure(config) {
      writeFileSync(join(codexHome, 'config.toml'), userConfig(config, project));
      if (config.hooks) writeSandboxFile(join(codexHome, 'hooks.json'), config.hooks);
      if (config.projectHooks || config.projectConfig !== undefined) {
        mkdirSync(join(project, '.codex'), { recursive: true });
        if (config.projectHooks)
          writeSandboxFile(join(project, '.codex', 'hooks.json'), config.projectHooks);
        if (config.projectConfig !== undefined) {
          writeFileSync(join(project, '.codex', 'config.toml'), config.projectConfig);
        }
      }
    },
    answerHook(event, stdout, exit) {
      writeFileSync(join(answersDir, `${event}.stdout`), stdout);
      if (exit) {
        writeFileSync(join(answersDir, `${event}.exit`), String(exit.code));
        writeFileSync(join(answersDir, `${event}.stderr`), exit.stderr);
      }
    },
    scrub(text) {
      return scrubPaths(text, [
        [home, '/tmp/HOME'],
        [project, '/tmp/PROJECT'],
        [root, '/tmp/ROOT'],
      ]);
    },
    dispose() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** hooks.json with a recording hook (hook-recorder.mjs) on each of `events`. */
export function recordingHooks(
  ws: Pick<CodexWorkspace, 'hookDir' | 'answersDir'>,
  events: readonly CodexHookEvent[] = CODEX_HOOK_EVENTS,
): HooksFile {
  const hooks: HooksFile['hooks'] = {};
  for (const event of events) {
    const command = [process.execPath, HOOK_RECORDER, event, ws.hookDir, ws.answersDir]
      .map(shellQuote)
      .join(' ');
    // SessionEnd and Interrupt hooks are clamped to 3 s; the others may take 10.
    const timeout = event === 'SessionEnd' || event === 'Interrupt' ? 3 : 10;
    hooks[event] = [{ hooks: [{ type: 'command', command, timeout }] }];
  }
  return { hooks };
}

/** `plankeeper mcp` from this checkout, as an MCP server spec. */
export function plankeeperMcpServer(args: string[]): McpServerSpec {
  return { command: process.execPath, args: [PLANKEEPER_BIN, 'mcp', ...args] };
}

/** The stand-in MCP server (support/stand-in-mcp-server.mjs, tool `echo`), logging to `log`. */
export function standInMcpServer(log: string, options: { structured?: boolean } = {}) {
  return {
    command: process.execPath,
    args: standInMcpArgs(log, { tool: 'echo', structured: options.structured ?? false }),
  } satisfies McpServerSpec;
}

export interface CodexRunOptions {
  prompt: string;
  /** `codex exec resume <id> <prompt>`: continue that session. */
  resume?: string;
  /** `codex exec fork <id> <prompt>`: a new session starting from that one's history. */
  fork?: string;
  /** Runs hooks that were never reviewed (default true; false tests persisted trust). */
  bypassHookTrust?: boolean;
  args?: string[];
  timeoutMs?: number;
}

export interface CodexRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** The `--json` event stream (thread.started, item.completed, turn.completed, ...). */
  events: CodexEvent[];
  /** The session (thread) id from `thread.started`. */
  threadId: string | undefined;
  ms: number;
}

export interface CodexEvent {
  type: string;
  thread_id?: string;
  item?: { type: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** Starts `codex exec --json` in the workspace's project; kills its process group on timeout. */
export function runCodex(ws: CodexWorkspace, options: CodexRunOptions): Promise<CodexRun> {
  const args = ['exec', '--json', '--skip-git-repo-check', '--color', 'never'];
  if (options.bypassHookTrust ?? true) args.push('--dangerously-bypass-hook-trust');
  args.push(...(options.args ?? []));
  if (options.resume !== undefined) args.push('resume', options.resume);
  if (options.fork !== undefined) args.push('fork', options.fork);
  args.push(options.prompt);

  const started = Date.now();
  const child = spawn(CODEX_BIN, args, {
    cwd: ws.project,
    env: ws.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  let timedOut = false;
  const killGroup = () => killProcessGroup(child);
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, options.timeoutMs ?? 30_000);

  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(); // MCP servers or hooks Codex left behind
      const events = parseJsonLines(stdout) as CodexEvent[];
      resolve({
        code,
        signal,
        timedOut,
        stdout,
        stderr,
        events,
        threadId: events.find((event) => event.type === 'thread.started')?.thread_id,
        ms: Date.now() - started,
      });
    });
  });
}

/** A short account of a run, for assertion messages. */
export function describeRun(run: CodexRun): string {
  return `codex exited ${run.code ?? run.signal}${run.timedOut ? ' (timed out)' : ''} after ${run.ms} ms\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
}

function userConfig(config: CodexConfig, project: string): string {
  const lines = [
    `model = ${toml(config.model ?? 'gpt-test')}`,
    'model_provider = "scripted"',
    `approval_policy = ${toml(config.approvalPolicy ?? 'never')}`,
    'check_for_update_on_startup = false',
    'web_search = "disabled"',
  ];
  if (config.autoCompactTokenLimit !== undefined) {
    lines.push(`model_auto_compact_token_limit = ${config.autoCompactTokenLimit}`);
  }
  if (config.extraConfig) lines.push(config.extraConfig);
  lines.push(
    '',
    '[analytics]',
    'enabled = false',
    '',
    '[features]',
    'plugins = false',
    'apps = false',
    'remote_plugin = false',
    'plugin_sharing = false',
    'tool_suggest = false',
    '',
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = ${toml(config.modelUrl)}`,
    'wire_api = "responses"',
    `env_key = ${toml(API_KEY_VAR)}`,
    'request_max_retries = 0',
    'stream_max_retries = 0',
    'stream_idle_timeout_ms = 10000',
  );
  for (const [name, server] of Object.entries(config.mcpServers ?? {})) {
    lines.push(
      '',
      `[mcp_servers.${name}]`,
      `command = ${toml(server.command)}`,
      `args = [${(server.args ?? []).map(toml).join(', ')}]`,
      ...((server.approve ?? true) ? ['default_tools_approval_mode = "approve"'] : []),
      // Codex gives an optional server 1 s to start, then runs the turn without its tools
      // (since 0.147); a required one is waited for, and failing to start fails the run.
      `required = ${server.required ?? true}`,
      'startup_timeout_sec = 10',
      'tool_timeout_sec = 20',
    );
    if (server.env) {
      const pairs = Object.entries(server.env).map(([key, value]) => `${key} = ${toml(value)}`);
      lines.push(`env = { ${pairs.join(', ')} }`);
    }
  }
  if (config.trustProject) {
    lines.push('', `[projects.${toml(project)}]`, 'trust_level = "trusted"');
  }
  return `${lines.join('\n')}\n`;
}

/** A TOML basic string (JSON's escapes are TOML's). */
function toml(value: string): string {
  return JSON.stringify(value);
}

function shellQuote(value: string): string {
  return /^[\w./:=@+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
