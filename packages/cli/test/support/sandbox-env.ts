/**
 * The sandbox a real coding-agent CLI runs in during the tests: a fresh temp root holding
 * `home/` (HOME, with every XDG directory inside it), `project/` (the working directory) and
 * `tmp/` (TMPDIR), and an environment built from scratch, so nothing of the caller's HOME,
 * keys, config or proxies leaks in, and every proxy variable points at one address that
 * refuses, so no request leaves the machine. Each host's runner
 * (coding-agents/<host>/support) adds its own variables and config files on top; the setup
 * tests take `homeEnv` for the HOME that `plankeeper setup` writes into.
 *
 * @example
 * const dirs = createSandboxDirs('pk-claude-');
 * const env = sandboxEnv(dirs, { proxy: server.proxyUrl }, { ANTHROPIC_BASE_URL: server.url });
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

/** A file's content: text as it is, any other value as pretty-printed JSON. */
export type FileContent = string | object;

export interface SandboxDirs {
  root: string;
  home: string;
  project: string;
  tmp: string;
}

/**
 * A fresh sandbox under the system temp directory, named `<prefix>XXXXXX`, with `home/`,
 * `project/` and a private `tmp/`. Its real path: the CLIs report resolved paths (macOS
 * /var -> /private/var), and the tests compare and scrub them.
 */
export function createSandboxDirs(prefix: string): SandboxDirs {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const dirs = {
    root,
    home: join(root, 'home'),
    project: join(root, 'project'),
    tmp: join(root, 'tmp'),
  };
  mkdirSync(dirs.home, { recursive: true });
  mkdirSync(dirs.project, { recursive: true });
  mkdirSync(dirs.tmp, { recursive: true, mode: 0o700 });
  return dirs;
}

/**
 * A sandbox's folders and what every host's runner does with them: write a file into the
 * project or HOME, make a folder beside them, remove it all. ClaudeSandbox and
 * OpencodeSandbox extend it with their CLI's config and runs.
 */
export class Sandbox implements SandboxDirs {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  readonly tmp: string;

  protected constructor(dirs: SandboxDirs) {
    this.root = dirs.root;
    this.home = dirs.home;
    this.project = dirs.project;
    this.tmp = dirs.tmp;
  }

  /** Writes a file in the project directory, by relative path; returns its path. */
  writeProjectFile(path: string, content: FileContent): string {
    return writeSandboxFile(join(this.project, path), content);
  }

  /** Writes a file in HOME, by relative path; returns its path. */
  writeHomeFile(path: string, content: FileContent): string {
    return writeSandboxFile(join(this.home, path), content);
  }

  /** A folder inside the sandbox, beside home and project (for stores, hook dumps, logs). */
  dir(name: string): string {
    const path = join(this.root, name);
    mkdirSync(path, { recursive: true });
    return path;
  }

  async dispose(): Promise<void> {
    rmSync(this.root, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The environment `plankeeper setup` reads: HOME, and CODEX_HOME where Codex has it by default. */
export function homeEnv(home: string): { HOME: string; CODEX_HOME: string } {
  return { HOME: home, CODEX_HOME: join(home, '.codex') };
}

export interface SandboxEnvOptions {
  /** Every HTTP(S) proxy variable, upper and lower case; 127.0.0.1 and localhost are exempt. */
  proxy: string;
  /** PATH; by default node's directory first (hooks and MCP servers run `node`), then ours. */
  path?: string;
}

/**
 * The environment of a run in the sandbox: HOME, USERPROFILE and the XDG directories in
 * `home`, TMPDIR, a plain terminal without colour, and the proxies. `extra` is laid over it
 * (a host's key, base URL and switches); an undefined value removes a variable.
 */
export function sandboxEnv(
  dirs: Pick<SandboxDirs, 'home' | 'tmp'>,
  options: SandboxEnvOptions,
  extra: Record<string, string | undefined> = {},
): NodeJS.ProcessEnv {
  const { home, tmp } = dirs;
  const { proxy } = options;
  return withoutUndefined({
    PATH:
      options.path ??
      [dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter),
    HOME: home,
    USERPROFILE: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    SHELL: process.env.SHELL ?? '/bin/sh',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    HTTPS_PROXY: proxy,
    HTTP_PROXY: proxy,
    https_proxy: proxy,
    http_proxy: proxy,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    ...extra,
  });
}

/** `env` without the variables whose value is undefined. */
export function withoutUndefined(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  return out;
}

/** Writes `content` to `path`, creating its folders; returns `path`. */
export function writeSandboxFile(path: string, content: FileContent): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
  );
  return path;
}

/** Ends a CLI started with `detached: true` and everything it left in its process group. */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** The JSON objects among the lines of `text` (a CLI's event stream); other lines are skipped. */
export function parseJsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/**
 * `value` with each `[from, to]` replaced, in order, in every string inside it (deep, in any
 * JSON value): how a test turns the sandbox's paths into placeholders such as /tmp/HOME.
 */
export function scrubPaths<T>(value: T, pairs: ReadonlyArray<readonly [string, string]>): T {
  const scrubString = (text: string) =>
    pairs.reduce((acc, [from, to]) => acc.split(from).join(to), text);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return scrubString(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    }
    return node;
  };
  return walk(value) as T;
}
