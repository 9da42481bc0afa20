/**
 * `plankeeper hook <agent> --serve [options]`: the hook events of a host that keeps one
 * plankeeper process beside it (OpenCode's plugin, opencode/plugin/resident-hook.ts), instead of a
 * process per event, which costs more than node's own start-up on every tool call.
 *
 * One request per line on stdin, `{"id", "event", "input"}` (`input`: what the one-shot hook
 * reads on stdin); one answer per line on stdout, `{"id", "stdout"}`, where `stdout` is what
 * `plankeeper hook <agent> <event>` prints for that input, without its newline ('' for none).
 * Each event takes the one-shot hook's own path (answerHookEvent): its own deadline and fail-open
 * answer and its own engine, so no plan state outlives an event and what other processes wrote
 * in between (the MCP server, a person, a plan file edit) is what it reads. The store stays
 * open between events (kept-stores.ts); with a plan file it is opened for each event.
 * Events are answered as they arrive, side by side, as separate processes would be; the host
 * orders what must be ordered. A line that is no request gets one stderr line and no answer.
 * Resolves to 0 once stdin has closed and every answer is written.
 */
import { LineReader } from 'plankeeper/lines';
import { KeptStores } from './kept-stores.js';
import { answerHookEvent, type HookIo, type RunHookOptions } from './run-hook.js';

export async function serveHooks(
  args: readonly string[],
  io: HookIo,
  options: RunHookOptions = {},
  /** Called once, after the first answer is written: work that must not delay it can start. */
  afterFirstAnswer?: () => void,
): Promise<number> {
  let first = afterFirstAnswer;
  const [agent = '', , ...rest] = args;
  const answering = new Set<Promise<void>>();
  const keptStores = options.keptStores ?? new KeptStores();
  const answer = (line: string) => {
    const request = readRequest(line);
    if (!request) {
      io.stderr.write(
        `plankeeper hook: a line on stdin is not a request {"id", "event", "input"} (ignored): ${line.slice(0, 80)}\n`,
      );
      return;
    }
    const done = answerHookEvent([agent, request.event, ...rest], async () => request.input, io, {
      ...options,
      keptStores,
    })
      .then((stdout) => {
        io.stdout.write(`${JSON.stringify({ id: request.id, stdout })}\n`);
        first?.();
        first = undefined;
      })
      // answerHookEvent fails open by itself; this is for whatever is left (a write that throws).
      .catch((error: unknown) => {
        io.stderr.write(`plankeeper hook: request ${String(request.id)}: ${String(error)}\n`);
      });
    answering.add(done);
    void done.finally(() => answering.delete(done));
  };
  const lines = new LineReader();
  for await (const chunk of io.stdin) {
    lines.append(chunk);
    for (let line = lines.readLine(); line !== undefined; line = lines.readLine()) {
      // No limit is set, so every line read is text.
      const text = line as string;
      if (text.trim() !== '') answer(text);
    }
  }
  const unfinished = lines.takeUnfinished();
  if (unfinished.trim() !== '') answer(unfinished);
  await Promise.all(answering);
  await keptStores.closeAll();
  return 0;
}

interface HookRequest {
  id: number | string;
  event: string;
  input: unknown;
}

function readRequest(line: string): HookRequest | undefined {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (request === null || typeof request !== 'object') return undefined;
  const { id, event, input } = request as Record<string, unknown>;
  if (typeof id !== 'number' && typeof id !== 'string') return undefined;
  if (typeof event !== 'string' || event === '') return undefined;
  return { id, event, input };
}
