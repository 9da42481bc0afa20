/**
 * One `plankeeper hook <agent> --serve` process (resident-process.ts) answers every event of
 * the host's session, as OpenCode's plugin and Copilot CLI's extension use it: what it prints
 * for an event is what a process of its own for the event would print.
 *
 * Started when the client is made, so the first event does not wait for it. A request not
 * answered in time is answered neutrally and the process, stuck, is killed; one that died is
 * started again at the next event. One that cannot start, or dies before answering anything
 * (an older plankeeper without --serve, a broken install), hands its requests to a
 * `plankeeper hook <agent> <event>` process each (one-shot-hook.ts), and after
 * MAX_FAILED_STARTS of those in a row every event gets a process of its own: slower, still
 * time-boxed, never without an answer.
 */
import type { AskHook, HookClient } from './hook-client.js';
import { runOneShotHook } from './one-shot-hook.js';
import { type Resident, sendRequest, startResident } from './resident-process.js';

export const MAX_FAILED_STARTS = 3;

export function residentClient<Answer>(client: HookClient<Answer>): AskHook<Answer> {
  let resident: Resident<Answer> | undefined;
  let failedStarts = 0;
  let nextId = 0;
  const oneShot = (event: string, input: unknown) => runOneShotHook(client, event, input);
  const start = () =>
    startResident(client, {
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
    return askResident(state, ++nextId, event, input, client.timeoutFor(event));
  };
}

/** One request to the resident; no answer within `timeoutMs` kills it (it is stuck). */
function askResident<Answer>(
  state: Resident<Answer>,
  id: number,
  event: string,
  input: unknown,
  timeoutMs: number,
): Promise<Answer | undefined> {
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
    sendRequest(state as Resident<unknown>, id, event, input);
  });
}
