/**
 * One `plankeeper hook <agent> --serve` process (hook/serve-hooks.ts): requests go out as
 * {id, event, input} lines, {id, stdout} lines come back and settle the request with that id;
 * its stderr goes to the host's log a line at a time. resident-client.ts decides when to start
 * one and what happens to its requests when it exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
// Node's own line splitter, not the core's: the built files carry no reader of their own.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { SERVE_FLAG } from '../hook/hook-args.js';
import type { HookClient } from './hook-client.js';

export interface Waiting<Answer> {
  event: string;
  input: unknown;
  resolve: (answer: Answer | undefined) => void;
}

/** One `--serve` process and the requests it has not answered yet. */
export interface Resident<Answer> {
  child: ChildProcess;
  waiting: Map<number, Waiting<Answer>>;
  /** It answered a request: it knows --serve. */
  answered: boolean;
  /** A request timed out: it was killed. */
  stuck: boolean;
}

export interface ResidentEvents<Answer> {
  answered(): void;
  exited(state: Resident<Answer>): void;
}

/** Starts one `--serve` process; undefined when it cannot be started at all. */
export function startResident<Answer>(
  client: HookClient<Answer>,
  on: ResidentEvents<Answer>,
): Resident<Answer> | undefined {
  const [program = '', ...args] = client.command;
  let child: ChildProcess;
  try {
    child = spawn(program, [...args, SERVE_FLAG, ...client.options], {
      ...(client.cwd && { cwd: client.cwd }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch {
    return undefined;
  }
  if (child.pid !== undefined) client.started?.(child.pid);
  const state: Resident<Answer> = { child, waiting: new Map(), answered: false, stuck: false };
  eachLine(child.stdout, (line) => {
    const reply = parseReply(line);
    const request = reply && state.waiting.get(reply.id);
    if (!reply || !request) return;
    state.waiting.delete(reply.id);
    state.answered = true;
    on.answered();
    request.resolve(client.parse(reply.stdout));
  });
  eachLine(child.stderr, (line) => {
    if (line.trim() !== '') client.log(line);
  });
  child.stdin?.on('error', () => {});
  let gone = false;
  const exited = () => {
    if (gone) return;
    gone = true;
    on.exited(state);
  };
  child.on('error', exited);
  child.on('close', exited);
  if (client.unref) unrefAll(child);
  return state;
}

/** Sends one request; the caller has put it in `state.waiting` first. */
export function sendRequest(state: Resident<unknown>, id: number, event: string, input: unknown) {
  try {
    state.child.stdin?.write(`${JSON.stringify({ id, event, input })}\n`);
  } catch {}
}

/**
 * Nothing of it may keep the host running (`opencode run` 1.18.33 exits at the end of its turn
 * by itself, with or without this); the process reads the end of its stdin then, and exits too.
 */
function unrefAll(child: ChildProcess): void {
  child.unref();
  for (const pipe of [child.stdin, child.stdout, child.stderr]) {
    (pipe as { unref?: () => void } | null)?.unref?.();
  }
}

/** Each line of `stream`; one cut off by the process's end too, as serve-hooks.ts reads. */
function eachLine(stream: Readable | null, use: (line: string) => void): void {
  if (stream)
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', use);
}

/** A reply line `{id, stdout}`; undefined for a line that is not one. */
function parseReply(line: string): { id: number; stdout: string } | undefined {
  try {
    const { id, stdout } = JSON.parse(line) as { id?: unknown; stdout?: unknown };
    if (typeof id !== 'number') return undefined;
    return { id, stdout: typeof stdout === 'string' ? stdout : '' };
  } catch {
    return undefined;
  }
}
