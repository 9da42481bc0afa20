/**
 * One `plankeeper hook copilot --serve` process answers every hook event of this Copilot
 * session (hook/serve-hooks.ts): one JSON line each way, {id, event, input} in and {id, stdout}
 * out, where stdout is what `plankeeper hook copilot <event>` prints for that input, which is
 * Copilot's hook output and so what an extension's hook returns. Copilot runs an extension in
 * its own Node (v24 in 1.0.102), not the one plankeeper's native SQLite driver was built for,
 * so the answers come from a plankeeper process, not from plankeeper loaded here.
 *
 * Started when the extension loads, so the first event does not wait for it. A request not
 * answered in time is answered neutrally and the process, stuck, is killed; one that died is
 * started again at the next event. One that cannot start, or dies before answering anything
 * (an older plankeeper without --serve, a broken install), hands its requests to a
 * `plankeeper hook copilot <event>` process each (one-shot-hook.ts), and after
 * MAX_FAILED_STARTS of those in a row every event gets a process of its own: slower, and still
 * time-boxed, so plankeeper never holds Copilot up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { LineReader } from 'plankeeper/lines';
import { SERVE_FLAG } from '../../hook/hook-args.js';
import { type ExtensionSettings, timeoutFor } from './extension-settings.js';
import { hookOutput, runOneShotHook } from './one-shot-hook.js';

const MAX_FAILED_STARTS = 3;

/** Copilot's hook output for one event, or undefined for none. */
export type AskHook = (event: string, input: unknown) => Promise<object | undefined>;

interface Waiting {
  event: string;
  input: unknown;
  resolve: (answer: object | undefined) => void;
}

/** One `--serve` process and the requests it has not answered yet. */
interface Resident {
  child: ChildProcess;
  waiting: Map<number, Waiting>;
  /** It answered a request: it knows --serve. */
  answered: boolean;
  /** A request timed out: it was killed. */
  stuck: boolean;
}

export function residentAnswerer(
  settings: ExtensionSettings,
  cwd: string,
  log: (line: string) => void,
): AskHook {
  let resident: Resident | undefined;
  let failedStarts = 0;
  let nextId = 0;
  const oneShot = (event: string, input: unknown) =>
    runOneShotHook(settings, event, input, cwd, log);
  const start = () =>
    startResident(settings, cwd, log, {
      answered: () => {
        failedStarts = 0;
      },
      exited: (state) => {
        if (resident === state) resident = undefined;
        if (!state.answered) failedStarts++;
        // A stuck one's requests have waited long enough already.
        const handOver = !state.answered && !state.stuck;
        for (const request of state.waiting.values()) {
          if (handOver) void oneShot(request.event, request.input).then(request.resolve);
          else request.resolve(undefined);
        }
        state.waiting.clear();
      },
    });

  resident = start();
  return (event, input) => {
    if (failedStarts >= MAX_FAILED_STARTS) return oneShot(event, input);
    resident = resident ?? start();
    const state = resident;
    if (!state) {
      failedStarts++;
      return oneShot(event, input);
    }
    return askResident(state, ++nextId, event, input, timeoutFor(settings, event));
  };
}

/** One request to the resident; no answer within `timeoutMs` kills it (it is stuck). */
function askResident(
  state: Resident,
  id: number,
  event: string,
  input: unknown,
  timeoutMs: number,
): Promise<object | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (!state.waiting.delete(id)) return;
      resolve(undefined);
      state.stuck = true;
      state.child.kill('SIGKILL');
    }, timeoutMs);
    state.waiting.set(id, {
      event,
      input,
      resolve: (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
    });
    try {
      state.child.stdin?.write(`${JSON.stringify({ id, event, input })}\n`);
    } catch {}
  });
}

/** Starts one `--serve` process; undefined when it cannot be started at all. */
function startResident(
  settings: ExtensionSettings,
  cwd: string,
  log: (line: string) => void,
  on: { answered(): void; exited(state: Resident): void },
): Resident | undefined {
  const [program = '', ...args] = settings.command;
  let child: ChildProcess;
  try {
    child = spawn(program, [...args, SERVE_FLAG, ...settings.options], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch {
    return undefined;
  }
  const state: Resident = { child, waiting: new Map(), answered: false, stuck: false };
  const replies = new LineReader();
  child.stdout?.on('data', (chunk: Uint8Array) => {
    replies.append(chunk);
    // No limit is set, so every line read is text.
    for (let line = replies.readLine(); line !== undefined; line = replies.readLine()) {
      const reply = parseReply(line as string);
      const request = reply && state.waiting.get(reply.id);
      if (!reply || !request) continue;
      state.waiting.delete(reply.id);
      state.answered = true;
      on.answered();
      request.resolve(reply.answer);
    }
  });
  // plankeeper's one-line notices (a store that is down, say) go to Copilot's extension log.
  child.stderr?.on('data', (chunk: Uint8Array) => log(String(chunk).trimEnd()));
  child.stdin?.on('error', () => {});
  let gone = false;
  const exited = () => {
    if (gone) return;
    gone = true;
    on.exited(state);
  };
  child.on('error', exited);
  child.on('close', exited);
  return state;
}

/** A reply line `{id, stdout}` with stdout read as Copilot's hook output; undefined for no reply. */
function parseReply(line: string): { id: number; answer: object | undefined } | undefined {
  try {
    const { id, stdout } = JSON.parse(line) as { id?: unknown; stdout?: unknown };
    if (typeof id !== 'number') return undefined;
    return { id, answer: typeof stdout === 'string' ? hookOutput(stdout) : undefined };
  } catch {
    return undefined;
  }
}
