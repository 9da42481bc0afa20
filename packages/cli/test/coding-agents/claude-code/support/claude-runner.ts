/**
 * Runs the real Claude Code CLI (the pinned `@anthropic-ai/claude-code` devDependency, from
 * the repository's node_modules/.bin) non-interactively, in a sandbox: a temp HOME, a temp
 * project directory and a temp TMPDIR, with an environment built from scratch (nothing of
 * the caller's CLAUDE_* / ANTHROPIC_* variables leaks in) that points the CLI at a
 * {@link ScriptedAnthropicServer} and nowhere else.
 *
 * @example
 * const sandbox = await ClaudeSandbox.create({ projectFiles: { '.mcp.json': {...} } });
 * const run = await sandbox.run({ server, prompt: 'Plan the work' });
 * run.result?.session_id;
 * await sandbox.dispose();
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSandboxDirs,
  type FileContent,
  killProcessGroup as killGroup,
  parseJsonLines as parseLines,
  Sandbox,
  sandboxEnv,
  scrubPaths,
} from '../../../support/sandbox-env.js';
import type { ScriptedAnthropicServer } from './scripted-anthropic-server.js';

/** The repository root (this file is packages/cli/test/coding-agents/claude-code/support/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const CLAUDE_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'claude');
export const PLANKEEPER_BIN = join(REPO_ROOT, 'bin', 'plankeeper.js');
export const SUPPORT_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface ClaudeSandboxOptions {
  /** Files in the project directory, by relative path: text, or a value written as JSON. */
  projectFiles?: Record<string, FileContent>;
  /** Files in HOME. `.claude.json` is merged with the trust entry below. */
  homeFiles?: Record<string, FileContent>;
  /**
   * Accept the workspace trust dialog for the project in `$HOME/.claude.json`
   * (`projects[dir].hasTrustDialogAccepted`). Without it Claude Code ignores the project's
   * `permissions.allow` (hooks and `.mcp.json` still load in -p mode). Default true.
   */
  trusted?: boolean;
}

export interface ClaudeRunOptions {
  server: ScriptedAnthropicServer;
  /** Passed as `-p <prompt>`. Leave out to send the prompt(s) on stdin (see `stdin`). */
  prompt?: string;
  /** More CLI arguments, e.g. `['--resume', id]`. */
  args?: readonly string[];
  /** `--output-format`; default `json` (one result object on stdout). */
  outputFormat?: 'json' | 'text' | 'stream-json';
  /** Written to stdin, then stdin is closed. With `streamJsonPrompts`, built for you. */
  stdin?: string;
  /**
   * Several user turns in one process: sends them as `--input-format stream-json` lines,
   * each once the turn before it has ended (its `result` line), then closes stdin. All at
   * once, a later prompt would join the running turn as a mid-turn message. `prompt` must be
   * left out; output becomes stream-json. A slash command (`/clear`, `/compact`) is a turn.
   */
  streamJsonPrompts?: readonly string[];
  /** Extra environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Kill the CLI (its whole process group) after this long. Default 30 s. */
  timeoutMs?: number;
}

/** The `--output-format json` result object (the fields tests use; more are present). */
export interface ClaudeResult {
  type: 'result';
  subtype: string;
  is_error: boolean;
  result?: string;
  session_id: string;
  num_turns: number;
  permission_denials: unknown[];
  [key: string]: unknown;
}

export interface ClaudeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
  /** The result object: parsed stdout (json), or the last `result` line (stream-json). */
  result?: ClaudeResult;
  /** stream-json: every parsed line. */
  events: Array<Record<string, unknown>>;
}

export class ClaudeSandbox extends Sandbox {
  static async create(options: ClaudeSandboxOptions = {}): Promise<ClaudeSandbox> {
    // A real path: Claude Code keys projects by it (macOS: /var -> /private/var).
    const sandbox = new ClaudeSandbox(createSandboxDirs('pk-claude-'));
    const { '.claude.json': userConfig, ...homeFiles } = options.homeFiles ?? {};
    for (const [path, content] of Object.entries(homeFiles)) sandbox.writeHomeFile(path, content);
    for (const [path, content] of Object.entries(options.projectFiles ?? {})) {
      sandbox.writeProjectFile(path, content);
    }
    const config: Record<string, unknown> =
      typeof userConfig === 'string' ? JSON.parse(userConfig) : { ...(userConfig ?? {}) };
    if (options.trusted !== false) {
      const projects = { ...(config.projects as Record<string, Record<string, unknown>>) };
      projects[sandbox.project] = { ...projects[sandbox.project], hasTrustDialogAccepted: true };
      config.projects = projects;
    }
    sandbox.writeHomeFile('.claude.json', config);
    return sandbox;
  }

  /** The environment a run gets: built from scratch, pointing only at the scripted server. */
  env(server: ScriptedAnthropicServer, extra: Record<string, string | undefined> = {}) {
    // Anything that is not the scripted server goes to its refusing proxy, and fails fast.
    return sandboxEnv(
      this,
      { proxy: server.proxyUrl },
      {
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: 'sk-ant-scripted-test-key',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        DO_NOT_TRACK: '1',
        CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: '1',
        CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: '1',
        DISABLE_INSTALLATION_CHECKS: '1',
        // A broken scripted answer should fail the run at once, not after minutes of retries.
        CLAUDE_CODE_MAX_RETRIES: '0',
        API_TIMEOUT_MS: '20000',
        MCP_TIMEOUT: '15000',
        ...extra,
      },
    );
  }

  /** The CLI arguments of a run (without the binary). */
  static args(options: ClaudeRunOptions): string[] {
    const args: string[] = [];
    if (options.streamJsonPrompts) {
      args.push('-p', '--input-format', 'stream-json', '--output-format', 'stream-json');
      args.push('--verbose');
    } else {
      args.push('-p');
      if (options.prompt !== undefined) args.push(options.prompt);
      args.push('--output-format', options.outputFormat ?? 'json');
      if (options.outputFormat === 'stream-json') args.push('--verbose');
    }
    args.push(...(options.args ?? []));
    return args;
  }

  run(options: ClaudeRunOptions): Promise<ClaudeRun> {
    const args = ClaudeSandbox.args(options);
    const prompts = options.stdin === undefined ? [...(options.streamJsonPrompts ?? [])] : [];
    const userLine = (text: string) =>
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;
    const started = Date.now();
    return new Promise((resolve, reject) => {
      // Its own process group, so a timeout also ends its MCP servers and hooks.
      const child = spawn(CLAUDE_BIN, args, {
        cwd: this.project,
        env: this.env(options.server, options.env),
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      let ended = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (prompts.length === 0) return;
        // One prompt per finished turn: count the result lines seen so far.
        const results = parseLines(stdout).filter((event) => event.type === 'result').length;
        for (; ended < results; ended++) {
          const next = prompts.shift();
          if (next === undefined) break;
          child.stdin.write(userLine(next));
          if (prompts.length === 0) child.stdin.end();
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, options.timeoutMs ?? 30_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        killGroup(child); // whatever it left behind in its group
        const events =
          options.streamJsonPrompts || options.outputFormat === 'stream-json'
            ? parseLines(stdout)
            : [];
        const result =
          events.length > 0
            ? (events.filter((event) => event.type === 'result').at(-1) as ClaudeResult | undefined)
            : parseResult(stdout);
        resolve({
          code,
          signal,
          stdout,
          stderr,
          timedOut,
          durationMs: Date.now() - started,
          events,
          ...(result !== undefined && { result }),
        });
      });
      if (options.stdin !== undefined) child.stdin.end(options.stdin);
      else if (prompts.length > 0) {
        child.stdin.write(userLine(prompts.shift()!));
        if (prompts.length === 0) child.stdin.end();
      } else child.stdin.end();
    });
  }

  /**
   * Replaces this sandbox's paths with placeholders, deep, in any JSON value:
   * the project with /tmp/PROJECT, HOME with /tmp/HOME, TMPDIR with /tmp/TMP, the rest of
   * the sandbox with /tmp/SANDBOX, and the project's path slug (Claude Code's
   * `~/.claude/projects/<slug>/` and TMPDIR names) with -tmp-PROJECT.
   */
  scrub<T>(value: T): T {
    return scrubPaths(value, [
      [this.project, '/tmp/PROJECT'],
      [this.home, '/tmp/HOME'],
      [this.tmp, '/tmp/TMP'],
      [this.root, '/tmp/SANDBOX'],
      [this.project.replace(/[^a-zA-Z0-9]/g, '-'), '-tmp-PROJECT'],
    ]);
  }

  readJson(path: string): unknown {
    return JSON.parse(readFileSync(path, 'utf8'));
  }
}

function parseResult(stdout: string): ClaudeResult | undefined {
  try {
    const parsed = JSON.parse(stdout.trim()) as ClaudeResult;
    return parsed && parsed.type === 'result' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
