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
 * started again at the next event, and after MAX_FAILED_STARTS starts in a row that answered
 * nothing every event is answered neutrally: plankeeper never holds Copilot up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { LineReader } from 'plankeeper/lines';
import { SERVE_FLAG } from '../../hook/hook-args.js';
import { type ExtensionSettings, timeoutFor } from './extension-settings.js';

const MAX_FAILED_STARTS = 3;

/** Copilot's hook output for one event, or undefined for none. */
export type AskHook = (event: string, input: unknown) => Promise<object | undefined>;

/** One `--serve` process and the requests it has not answered yet. */
interface Resident {
  child: ChildProcess;
  waiting: Map<number, (answer: object | undefined) => void>;
  answered: boolean;
}

export function residentAnswerer(
  settings: ExtensionSettings,
  cwd: string,
  log: (line: string) => void,
): AskHook {
  let resident: Resident | undefined;
  let failedStarts = 0;
  let nextId = 0;
  const start = () =>
    startResident(settings, cwd, log, {
      answered: () => {
        failedStarts = 0;
      },
      exited: (state) => {
        if (resident === state) resident = undefined;
        if (!state.answered) failedStarts++;
      },
    });

  resident = start();
  return (event, input) => {
    if (failedStarts >= MAX_FAILED_STARTS) return Promise.resolve(undefined);
    resident = resident ?? start();
    const state = resident;
    if (!state) {
      failedStarts++;
      return Promise.resolve(undefined);
    }
    return new Promise((resolve) => {
      const id = ++nextId;
      const timer = setTimeout(
        () => {
          if (!state.waiting.delete(id)) return;
          resolve(undefined);
          state.child.kill('SIGKILL');
        },
        timeoutFor(settings, event),
      );
      state.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      try {
        state.child.stdin?.write(`${JSON.stringify({ id, event, input })}\n`);
      } catch {}
    });
  };
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
  const state: Resident = { child, waiting: new Map(), answered: false };
  const replies = new LineReader();
  child.stdout?.on('data', (chunk: Uint8Array) => {
    replies.append(chunk);
    // No limit is set, so every line read is text.
    for (let line = replies.readLine(); line !== undefined; line = replies.readLine()) {
      const reply = parseReply(line as string);
      const resolve = reply && state.waiting.get(reply.id);
      if (!reply || !resolve) continue;
      state.waiting.delete(reply.id);
      state.answered = true;
      on.answered();
      resolve(reply.answer);
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
    for (const resolve of state.waiting.values()) resolve(undefined);
    state.waiting.clear();
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
    if (typeof stdout !== 'string' || stdout.trim() === '') return { id, answer: undefined };
    const answer: unknown = JSON.parse(stdout);
    return { id, answer: answer !== null && typeof answer === 'object' ? answer : undefined };
  } catch {
    return undefined;
  }
}
