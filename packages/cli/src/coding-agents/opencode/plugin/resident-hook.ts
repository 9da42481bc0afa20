/**
 * One plankeeper process answers every event of this OpenCode instance (`plankeeper hook
 * opencode --serve`, hook/serve-hooks.ts): one JSON line each way, {id, event, input} in and
 * {id, stdout} out, where stdout is what a process of its own for the event would print.
 * Started when the plugin loads, so the first event does not wait for it. A request it does
 * not answer in time is answered neutrally and the process, stuck, is killed; one that died
 * is started again at the next event. One that dies before answering anything (an older
 * plankeeper without --serve, a broken install) hands its requests to a process each, and
 * after MAX_FAILED_STARTS of those in a row every event gets a process of its own, as
 * before: slower, never without an answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { LineReader } from 'plankeeper/lines';
import { SERVE_FLAG } from '../../hook/hook-args.js';
import { type HookAnswer, parseAnswer } from './hook-answer.js';
import { type Log, runHook } from './one-shot-hook.js';
import { type PluginSettings, timeoutFor } from './plugin-settings.js';

const MAX_FAILED_STARTS = 3;

/** Asks plankeeper about one event; resolves to its answer, or undefined for none. */
export type AskHook = (event: string, payload: unknown) => Promise<HookAnswer | undefined>;

interface Waiting {
  event: string;
  payload: unknown;
  resolve: (answer: HookAnswer | undefined) => void;
}

/** One `--serve` process and the requests it has not answered yet. */
interface Resident {
  child: ChildProcess;
  waiting: Map<number, Waiting>;
  /** It answered a request: it knows --serve. */
  answered: boolean;
  /** A request timed out: it was killed. */
  stuck: boolean;
  /** Its stderr, a line at a time, for OpenCode's log. */
  stderr: LineReader;
}

export function residentHook(settings: PluginSettings, log: Log, cwd: string | undefined): AskHook {
  const hook = new ResidentHook(settings, log, cwd);
  return (event, payload) => hook.ask(event, payload);
}

class ResidentHook {
  private resident: Resident | undefined;
  private failedStarts = 0;
  private nextId = 0;

  constructor(
    private readonly settings: PluginSettings,
    private readonly log: Log,
    private readonly cwd: string | undefined,
  ) {
    this.resident = this.start();
  }

  ask(event: string, payload: unknown): Promise<HookAnswer | undefined> {
    if (this.failedStarts >= MAX_FAILED_STARTS) return this.runOnce(event, payload);
    this.resident = this.resident ?? this.start();
    const state = this.resident;
    if (!state) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const id = ++this.nextId;
      const timer = setTimeout(
        () => {
          if (!state.waiting.delete(id)) return;
          resolve(undefined);
          state.stuck = true;
          state.child.kill('SIGKILL');
        },
        timeoutFor(this.settings, event),
      );
      const settle = (answer: HookAnswer | undefined) => {
        clearTimeout(timer);
        resolve(answer);
      };
      state.waiting.set(id, { event, payload, resolve: settle });
      try {
        state.child.stdin?.write(`${JSON.stringify({ id, event, input: payload })}\n`);
      } catch {}
    });
  }

  private runOnce(event: string, payload: unknown): Promise<HookAnswer | undefined> {
    return runHook(this.settings, event, payload, this.log, this.cwd);
  }

  private start(): Resident | undefined {
    const [program = '', ...args] = this.settings.command;
    let child: ChildProcess;
    try {
      child = spawn(program, [...args, SERVE_FLAG, ...this.settings.options], {
        ...(this.cwd && { cwd: this.cwd }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch {
      this.failedStarts++;
      return undefined;
    }
    const state: Resident = {
      child,
      waiting: new Map(),
      answered: false,
      stuck: false,
      stderr: new LineReader(),
    };
    const replies = new LineReader();
    child.stdout?.on('data', (chunk: Uint8Array) => {
      replies.append(chunk);
      // No limit is set, so every line read is text.
      for (let line = replies.readLine(); line !== undefined; line = replies.readLine()) {
        this.answer(state, line as string);
      }
    });
    child.stderr?.on('data', (chunk: Uint8Array) => {
      state.stderr.append(chunk);
      for (let line = state.stderr.readLine(); line !== undefined; line = state.stderr.readLine()) {
        if ((line as string).trim() !== '') this.log(line as string);
      }
    });
    let gone = false;
    const exited = () => {
      if (gone) return;
      gone = true;
      this.exited(state);
    };
    child.on('error', exited);
    child.on('close', exited);
    child.stdin?.on('error', () => {});
    // Nothing of it may keep OpenCode running (`opencode run` 1.18.33 exits at the end of its
    // turn by itself, with or without this); the process reads the end of its stdin then, and
    // exits too.
    child.unref();
    for (const pipe of [child.stdin, child.stdout, child.stderr]) {
      const unref = (pipe as { unref?: () => void } | null)?.unref;
      if (typeof unref === 'function') unref.call(pipe);
    }
    return state;
  }

  /** One reply line of `state`'s process: the answer to the request with its id. */
  private answer(state: Resident, line: string): void {
    const reply = parseReply(line);
    const request = reply && state.waiting.get(reply.id as number);
    if (!reply || !request) return;
    state.waiting.delete(reply.id as number);
    state.answered = true;
    this.failedStarts = 0;
    request.resolve(parseAnswer(reply.stdout));
  }

  private exited(state: Resident): void {
    if (this.resident === state) this.resident = undefined;
    const unfinished = state.stderr.takeUnfinished().trim();
    if (unfinished !== '') this.log(unfinished);
    if (!state.answered) this.failedStarts++;
    // A stuck one's requests have waited long enough already.
    const handOver = !state.answered && !state.stuck;
    for (const request of state.waiting.values()) {
      if (handOver) this.runOnce(request.event, request.payload).then(request.resolve);
      else request.resolve(undefined);
    }
    state.waiting.clear();
  }
}

/** A reply line `{id, stdout}`; undefined for a line that is not JSON. */
function parseReply(line: string): { id: unknown; stdout: string } | undefined {
  let reply: unknown;
  try {
    reply = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!reply || typeof reply !== 'object') return undefined;
  const { id, stdout } = reply as Record<string, unknown>;
  return { id, stdout: typeof stdout === 'string' ? stdout : '' };
}
