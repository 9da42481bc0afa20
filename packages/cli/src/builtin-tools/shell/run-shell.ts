/**
 * `run_shell`: runs one shell command in a fixed folder and reports its exit code and
 * output. Never part of any default tool set: a host that wants it calls
 * {@link shellTool} itself, and can narrow what runs with `allow`.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LocaleId, ToolDefinition, ToolResult } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import { z } from 'zod';
import { refuse, rejectArguments } from '../rejection.js';
import { localized } from '../tool-text.js';
import { RUN_SHELL_TEXTS } from './run-shell-texts.js';

const NAME = 'run_shell';

export interface ShellToolOptions {
  /** Folder the commands run in. Must exist. */
  cwd: string;
  /** Milliseconds before the command (and everything it started) is killed. Default 30 000. */
  timeoutMs?: number;
  /** Return false to refuse a command; it is then not run. Default: everything runs. */
  allow?: (command: string) => boolean;
  /** Characters kept of each of stdout and stderr. Default 30 000. */
  maxOutputChars?: number;
  /** Environment of the commands. Default: this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Language of the tool description and results. Default `en`. */
  locale?: LocaleId;
}

export interface ShellRunData {
  command: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  truncated: boolean;
}

/**
 * @example
 * const shell = shellTool({ cwd: workspaceRoot, allow: (command) => command.startsWith('git ') });
 */
export function shellTool(options: ShellToolOptions): ToolDefinition {
  const cwd = resolve(options.cwd);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxOutputChars = options.maxOutputChars ?? 30_000;
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigurationError(`shellTool: cwd ${JSON.stringify(cwd)} is not a directory.`);
  }
  for (const [name, value] of [
    ['timeoutMs', timeoutMs],
    ['maxOutputChars', maxOutputChars],
  ] as const) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new ConfigurationError(`shellTool: ${name} must be a positive number, got ${value}.`);
    }
  }
  const texts = localized(RUN_SHELL_TEXTS, options.locale);
  const schema = z.strictObject({ command: z.string().trim().min(1).max(10_000) });
  return {
    name: NAME,
    description: texts.description,
    inputSchema: toJsonSchema(schema),
    async execute(args, context) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(NAME, input.issues, args, options.locale);
      const { command } = input.value;
      if (options.allow && !options.allow(command)) {
        return refuse(NAME, options.locale, texts.notAllowed(command), { command });
      }
      if (context.signal?.aborted) {
        return refuse(NAME, options.locale, texts.cancelled, { command });
      }
      const data = await run(command, {
        cwd,
        timeoutMs,
        maxOutputChars,
        env: options.env ?? process.env,
        ...(context.signal && { signal: context.signal }),
      });
      return present(data, timeoutMs, texts);
    },
  };
}

interface RunOptions {
  cwd: string;
  timeoutMs: number;
  maxOutputChars: number;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

function spawnShell(command: string, options: RunOptions) {
  // Its own process group on POSIX, so a timeout kills the command's children too
  // (`sleep 100 & wait` would otherwise outlive the shell and hold the pipes open).
  const detached = process.platform !== 'win32';
  const child = spawn(command, {
    cwd: options.cwd,
    env: options.env,
    shell: true,
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  return { child, detached };
}

function run(command: string, options: RunOptions): Promise<ShellRunData> {
  return new Promise((resolveRun) => {
    const { child, detached } = spawnShell(command, options);
    const stdout = new CappedText(options.maxOutputChars);
    const stderr = new CappedText(options.maxOutputChars);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.add(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
    let timedOut = false;
    let finished = false;
    let straggler: NodeJS.Timeout | undefined;
    const kill = () => {
      if (child.pid === undefined || finished) return;
      try {
        if (detached) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
      // A process that left the group can keep the pipes open; do not wait for it.
      straggler = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(child.exitCode, child.signalCode ?? 'SIGKILL');
      }, 2000);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    const finish = (exitCode: number | null, signal: string | null, error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(straggler);
      options.signal?.removeEventListener('abort', kill);
      if (error) stderr.add(`${stderr.text === '' ? '' : '\n'}${error.message}`);
      resolveRun({
        command,
        exitCode,
        signal,
        timedOut,
        stdout: stdout.text,
        stderr: stderr.text,
        truncated: stdout.cut || stderr.cut,
      });
    };
    child.once('error', (error) => finish(null, null, error));
    child.once('close', (code, signal) => finish(code, signal));
  });
}

function present(
  data: ShellRunData,
  timeoutMs: number,
  texts: (typeof RUN_SHELL_TEXTS)['en'],
): ToolResult {
  const status = data.timedOut
    ? texts.timedOut(timeoutMs)
    : data.exitCode !== null
      ? texts.exitCode(data.exitCode)
      : data.signal !== null
        ? texts.signal(data.signal)
        : texts.notStarted;
  const section = (label: string, text: string) =>
    text === '' ? `${label}: ${texts.empty}` : `${label}:\n${text.replace(/\n$/, '')}`;
  const ok = !data.timedOut && data.exitCode === 0;
  return {
    ok,
    text: [
      status,
      section('stdout', data.stdout),
      section('stderr', data.stderr),
      ...(data.truncated ? [texts.cut] : []),
    ].join('\n'),
    data,
    title: data.timedOut
      ? texts.timedOutTitle
      : data.exitCode !== null || data.signal !== null
        ? texts.exitTitle(data.exitCode ?? data.signal!)
        : texts.notStartedTitle,
  };
}

/** Keeps the first `limit` characters of a stream and notes whether more came. */
class CappedText {
  text = '';
  cut = false;

  constructor(private readonly limit: number) {}

  add(chunk: string) {
    const room = this.limit - this.text.length;
    if (chunk.length > room) this.cut = true;
    if (room > 0) this.text += chunk.slice(0, room);
  }
}
