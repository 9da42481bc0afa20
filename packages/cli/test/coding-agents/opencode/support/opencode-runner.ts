/**
 * Runs the real OpenCode CLI (the pinned `opencode-ai` devDependency, a native binary, from
 * the repository's node_modules/.bin) non-interactively, in a sandbox: a temp HOME (with
 * every XDG directory inside it), a temp project directory and a temp TMPDIR, with an
 * environment built from scratch (nothing of the caller's OPENCODE_* variables leaks in)
 * that points the CLI at a {@link ScriptedChatServer} and nowhere else.
 *
 * The scripted provider goes into the user config (`$XDG_CONFIG_HOME/opencode/opencode.json`),
 * written at each run (it names the server's port); a test's own settings (mcp, permission,
 * plugins) go into the project, where `plankeeper setup opencode` would put them.
 *
 * @example
 * const sandbox = await OpencodeSandbox.create({ projectConfig: { mcp: {...} }, record: true });
 * const run = await sandbox.run({ server, prompt: 'Plan the work' });
 * run.sessionId; sandbox.recorded(); // every plugin hook call, in order
 * await sandbox.dispose();
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSandboxDirs,
  type FileContent,
  killProcessGroup as killGroup,
  parseJsonLines as parseLines,
  Sandbox,
  sandboxEnv,
  scrubPaths,
  writeSandboxFile as writeFile,
} from '../../../support/sandbox-env.js';
import { standInMcpArgs } from '../../../support/stand-in-mcp-server.js';
import type { ScriptedChatServer } from './scripted-chat-server.js';

/** The repository root (this file is packages/cli/test/coding-agents/opencode/support/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
export const OPENCODE_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'opencode');
export const PLANKEEPER_BIN = join(REPO_ROOT, 'bin', 'plankeeper.js');
export const SUPPORT_DIR = fileURLToPath(new URL('.', import.meta.url));
export const RECORDER_PLUGIN = join(SUPPORT_DIR, 'event-recorder.mjs');
export const PROBE_PLUGIN = join(SUPPORT_DIR, 'probe-plugin.mjs');

/** The provider and model id the scripted server is configured under. */
export const PROVIDER_ID = 'scripted';
export const MODEL_ID = 'scripted-model';

export interface OpencodeSandboxOptions {
  /** The project's `opencode.json` (mcp, permission, plugin, ...). */
  projectConfig?: Record<string, unknown>;
  /** More files in the project directory, by relative path: text, or a value written as JSON. */
  projectFiles?: Record<string, FileContent>;
  /** Files in HOME, by relative path. */
  homeFiles?: Record<string, FileContent>;
  /**
   * Install support/event-recorder.mjs as a project plugin: every hook call and bus event
   * goes, in order, to a JSONL file that {@link OpencodeSandbox.recorded} reads.
   */
  record?: boolean;
  /**
   * Install support/probe-plugin.mjs as a project plugin; its behaviours are switched on
   * per run with `probe` (see that file).
   */
  probe?: boolean;
  /** The scripted model's `limit.context` (usage at or above it triggers compaction). */
  contextLimit?: number;
  /**
   * OpenCode runs `npm install @opencode-ai/plugin` in every config directory (`.opencode/`,
   * `$XDG_CONFIG_HOME/opencode/`) that lacks a matching node_modules + package-lock.json,
   * and waits for it before loading plugins. Offline that fails (fast, through the refusing
   * proxy); seeding an empty node_modules and a lock that names the package skips it.
   * Default true.
   */
  seedPluginDeps?: boolean;
}

export interface OpencodeRunOptions {
  server: ScriptedChatServer;
  /** Sent on stdin (stdin is then closed): no shell quoting, no trailing newline. */
  prompt: string;
  /** More CLI arguments after `run`, e.g. `['--session', id]`, `['--agent', 'plan']`. */
  args?: readonly string[];
  /** `--format`: `json` (default; one event per line, with the session id) or `default`. */
  format?: 'json' | 'default';
  /** Probe plugin behaviours for this run (needs `probe: true` on the sandbox). */
  probe?: readonly string[];
  /** Extra environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** `--print-logs --log-level <level>` to stderr; default INFO. `false`: no logs. */
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | false;
  /** Kill the CLI (its whole process group) after this long. Default 60 s. */
  timeoutMs?: number;
}

export interface OpencodeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
  /** `--format json`: every parsed stdout line (`step_start`, `text`, `tool_use`, ...). */
  events: Array<Record<string, unknown>>;
  /** The session id, from the json events (`sessionID` of the first one). */
  sessionId?: string;
  /** The final text parts, joined (json format), or stdout (default format). */
  text: string;
}

/** One plugin hook call as the recorder saw it (`hook: 'event'` for bus events). */
export interface RecordedHook {
  /** Position in the recording, across runs (`seq` starts again at 0 in each process). */
  index: number;
  /** Order within one OpenCode process. */
  seq: number;
  time: number;
  hook: string;
  /** For `hook: 'event'`: the event's `type`. */
  type?: string;
  input: unknown;
  /** The output object as the hook received it (before any other plugin changed it). */
  output: unknown;
}

export interface ServeHandle {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** JSON request to the server's HTTP API (`/session`, `/session/:id/message`, ...). */
  request: (method: string, path: string, body?: unknown) => Promise<unknown>;
  stop: () => Promise<void>;
}

export class OpencodeSandbox extends Sandbox {
  /** Where the recorder and probe plugins write (env PLANKEEPER_OC_RECORD_DIR). */
  readonly recordDir: string;
  readonly #options: OpencodeSandboxOptions;
  #runs = 0;

  private constructor(options: OpencodeSandboxOptions) {
    super(createSandboxDirs('pk-opencode-'));
    this.recordDir = this.dir('record');
    this.#options = options;
  }

  static async create(options: OpencodeSandboxOptions = {}): Promise<OpencodeSandbox> {
    const sandbox = new OpencodeSandbox(options);
    for (const [path, content] of Object.entries(options.homeFiles ?? {})) {
      sandbox.writeHomeFile(path, content);
    }
    for (const [path, content] of Object.entries(options.projectFiles ?? {})) {
      sandbox.writeProjectFile(path, content);
    }
    if (options.projectConfig !== undefined) {
      sandbox.writeProjectFile('opencode.json', {
        $schema: 'https://opencode.ai/config.json',
        ...options.projectConfig,
      });
    }
    if (options.record) sandbox.installPlugin(RECORDER_PLUGIN, '00-plankeeper-recorder.js');
    if (options.probe) sandbox.installPlugin(PROBE_PLUGIN, 'plankeeper-probe.js');
    if (options.seedPluginDeps !== false) {
      for (const dir of [sandbox.configDir, join(sandbox.project, '.opencode')]) {
        mkdirSync(join(dir, 'node_modules'), { recursive: true });
        writeFile(join(dir, 'package-lock.json'), {
          packages: { '': { dependencies: { '@opencode-ai/plugin': '*' } } },
        });
      }
    }
    return sandbox;
  }

  /** `$XDG_CONFIG_HOME/opencode`: the user-level config directory. */
  get configDir(): string {
    return join(this.home, '.config', 'opencode');
  }

  /** `$XDG_DATA_HOME/opencode`: sessions (opencode.db), logs. */
  get dataDir(): string {
    return join(this.home, '.local', 'share', 'opencode');
  }

  /**
   * Copies a plugin file into the project's `.opencode/plugin/` (OpenCode loads
   * `{plugin,plugins}/*.{ts,js}` of every config directory, sorted by name).
   */
  installPlugin(source: string, name: string): string {
    const target = join(this.project, '.opencode', 'plugin', name);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
    return target;
  }

  /** The user config with the scripted provider, as written before each run. */
  userConfig(server: ScriptedChatServer): Record<string, unknown> {
    const contextLimit = this.#options.contextLimit ?? 200_000;
    return {
      $schema: 'https://opencode.ai/config.json',
      model: `${PROVIDER_ID}/${MODEL_ID}`,
      small_model: `${PROVIDER_ID}/${MODEL_ID}`,
      share: 'disabled',
      autoupdate: false,
      provider: {
        [PROVIDER_ID]: {
          // Bundled in the binary: nothing is downloaded for it.
          npm: '@ai-sdk/openai-compatible',
          name: 'Scripted',
          options: { baseURL: server.baseURL, apiKey: 'scripted-test-key' },
          models: {
            [MODEL_ID]: {
              name: 'Scripted Model',
              tool_call: true,
              limit: { context: contextLimit, output: 4096 },
            },
          },
        },
      },
    };
  }

  /** The environment a run gets: built from scratch, pointing only at the scripted server. */
  env(server: ScriptedChatServer, extra: Record<string, string | undefined> = {}) {
    const catalog = join(this.root, 'models-catalog.json');
    if (!existsSync(catalog)) writeFileSync(catalog, '{}\n');
    // Anything that is not the scripted server goes to its refusing proxy, and fails fast.
    return sandboxEnv(
      this,
      { proxy: server.proxyUrl },
      {
        // No models.dev download, and an empty catalog instead of the bundled snapshot
        // (saves about a second of CPU per run; the scripted provider is fully configured).
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_MODELS_PATH: catalog,
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_SHARE: '1',
        // The built-in auth plugins (installed from npm at startup otherwise).
        OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        OPENCODE_DISABLE_CLAUDE_CODE: '1',
        OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
        OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER: '1',
        PLANKEEPER_OC_RECORD_DIR: this.recordDir,
        ...extra,
      },
    );
  }

  /** The CLI arguments of a run (without the binary). */
  static args(options: Omit<OpencodeRunOptions, 'server' | 'prompt'>): string[] {
    const args = ['run', '--format', options.format ?? 'json', ...(options.args ?? [])];
    const level = options.logLevel ?? 'INFO';
    if (level !== false) args.push('--print-logs', '--log-level', level);
    return args;
  }

  run(options: OpencodeRunOptions): Promise<OpencodeRun> {
    writeFile(join(this.configDir, 'opencode.json'), this.userConfig(options.server));
    const args = OpencodeSandbox.args(options);
    const env = this.env(options.server, {
      ...(options.probe !== undefined && { PLANKEEPER_OC_PROBE: options.probe.join(',') }),
      ...options.env,
    });
    const started = Date.now();
    return new Promise((resolve, reject) => {
      // Its own process group, so a timeout also ends its MCP servers.
      const child = spawn(OPENCODE_BIN, args, {
        cwd: this.project,
        env,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, options.timeoutMs ?? 60_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        killGroup(child); // whatever it left behind in its group
        // Kept for a look at a failure (see PLANKEEPER_KEEP_SANDBOX).
        const runs = this.dir('runs');
        const n = ++this.#runs;
        writeFileSync(join(runs, `${n}.args.json`), `${JSON.stringify(args)}\n`);
        writeFileSync(join(runs, `${n}.stdout`), stdout);
        writeFileSync(join(runs, `${n}.stderr`), stderr);
        const events = (options.format ?? 'json') === 'json' ? parseLines(stdout) : [];
        const sessionId = events.find((event) => typeof event.sessionID === 'string')?.sessionID;
        const text =
          events.length > 0
            ? events
                .filter((event) => event.type === 'text')
                .map((event) => String((event.part as { text?: unknown } | undefined)?.text ?? ''))
                .join('\n')
            : stdout.trim();
        resolve({
          code,
          signal,
          stdout,
          stderr,
          timedOut,
          durationMs: Date.now() - started,
          events,
          ...(typeof sessionId === 'string' && { sessionId }),
          text,
        });
      });
      // OpenCode reads a non-TTY stdin to its end before it starts: always close it.
      child.stdin.end(options.prompt);
    });
  }

  /**
   * Starts `opencode serve` (the headless server with the HTTP session API) in this sandbox.
   * Unlike `opencode run`, it stays up after a session goes idle, so a plugin can prompt
   * again from `session.idle`.
   */
  async serve(
    options: { server: ScriptedChatServer; env?: Record<string, string | undefined> } & Pick<
      OpencodeRunOptions,
      'probe' | 'logLevel'
    >,
  ): Promise<ServeHandle> {
    writeFile(join(this.configDir, 'opencode.json'), this.userConfig(options.server));
    const args = ['serve', '--port', '0', '--hostname', '127.0.0.1'];
    const level = options.logLevel ?? 'INFO';
    if (level !== false) args.push('--print-logs', '--log-level', level);
    const env = this.env(options.server, {
      ...(options.probe !== undefined && { PLANKEEPER_OC_PROBE: options.probe.join(',') }),
      ...options.env,
    });
    const child = spawn(OPENCODE_BIN, args, {
      cwd: this.project,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        killGroup(child);
        reject(new Error(`opencode serve did not start:\n${stdout}\n${stderr}`));
      }, 60_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /listening on (http:\/\/[^\s]+)/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('close', () => {
        clearTimeout(timer);
        reject(new Error(`opencode serve exited:\n${stdout}\n${stderr}`));
      });
    });
    const request = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(new URL(path, url), {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    };
    return {
      url,
      child,
      stdout: () => stdout,
      stderr: () => stderr,
      request,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
          killGroup(child);
          await closed;
        }
      },
    };
  }

  /** Every hook call the recorder plugin saw, in order (empty without `record: true`). */
  recorded(): RecordedHook[] {
    return readJsonLines(join(this.recordDir, 'hooks.jsonl')).map(
      (entry, index) => ({ ...entry, index }) as unknown as RecordedHook,
    );
  }

  /** Bus events of one type (`session.idle`, `message.updated`, ...) the recorder saw. */
  recordedEvents(type: string): RecordedHook[] {
    return this.recorded().filter((entry) => entry.hook === 'event' && entry.type === type);
  }

  /** What the probe plugin did (one object per action). */
  probeLog(): Array<Record<string, unknown>> {
    return readJsonLines(join(this.recordDir, 'probe.jsonl'));
  }

  /**
   * Replaces this sandbox's paths with placeholders, deep, in any JSON value: the project
   * with /tmp/PROJECT, HOME with /tmp/HOME, TMPDIR with /tmp/TMP, the rest of the sandbox with
   * /tmp/SANDBOX, and the project path without its leading slash (OpenCode's session `path`)
   * with tmp/PROJECT, the repository with /REPO, node's path with `node`; the scripted
   * server's port with PORT.
   */
  scrub<T>(value: T, server?: ScriptedChatServer): T {
    const pairs: Array<[string, string]> = [
      [this.project, '/tmp/PROJECT'],
      [this.home, '/tmp/HOME'],
      [this.tmp, '/tmp/TMP'],
      [this.root, '/tmp/SANDBOX'],
      [this.project.slice(1), 'tmp/PROJECT'],
      [REPO_ROOT.replace(/\/$/, ''), '/REPO'],
      [process.execPath, 'node'],
    ];
    if (server) pairs.push([`127.0.0.1:${server.port}`, '127.0.0.1:PORT']);
    return scrubPaths(value, pairs);
  }

  /** Removes the sandbox; PLANKEEPER_KEEP_SANDBOX=1 keeps it (and says where) for a look. */
  override async dispose(): Promise<void> {
    if (process.env.PLANKEEPER_KEEP_SANDBOX === '1') {
      process.stderr.write(`opencode sandbox kept: ${this.root}\n`);
      return;
    }
    await super.dispose();
  }
}

/** `command` for an MCP server in opencode.json: the repository's plankeeper over stdio. */
export function plankeeperMcpCommand(storePath: string, ...more: string[]): string[] {
  return [process.execPath, PLANKEEPER_BIN, 'mcp', '--store', `sqlite:${storePath}`, ...more];
}

/**
 * `command` for the stand-in MCP server (test/support/stand-in-mcp-server.mjs: tool
 * `show_plan`, with its structuredContent unless `structured: false`), recording to `recordFile`.
 */
export function standinMcpCommand(
  recordFile: string,
  options: { structured?: boolean } = {},
): string[] {
  return [
    process.execPath,
    ...standInMcpArgs(recordFile, { tool: 'show_plan', structured: options.structured ?? true }),
  ];
}

/** The value at `path` inside a parsed JSON payload, or undefined: `at(entry.input, 'event', 'type')`. */
export function at(value: unknown, ...path: Array<string | number>): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

export function readJsonLines(path: string): Array<Record<string, unknown>> {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
