/**
 * Copilot CLI's extension asks the resident answerer of the MCP server Copilot started for the
 * project (`plankeeper mcp --for copilot`, hook-route/resident-answerer.ts) over its route,
 * rather than start a `plankeeper hook copilot --serve` of its own: one Node process fewer in
 * the start every session waits for. The answer is the same: both take the one-shot hook's
 * path with the event's own command line.
 *
 * Copilot starts the server at its own start and the extension near its first model request;
 * the server writes its route once loaded, which is mostly before the extension starts and at
 * times a few tens of ms after. So the first event waits for a route, up to ROUTE_WAIT_MS from
 * the extension's start. An event with no live route, or one the answerer passes back (a stop
 * that runs the person's checks, in the hook's own environment), goes to the resident client
 * (resident-client.ts), started then and kept for the session's later ones.
 */
import { liveRoute, routeFilePath } from '../hook-route/route-file.js';
import type { AskHook, HookClient } from './hook-client.js';
import { residentClient } from './resident-client.js';
import { askRoute } from './route-asker.js';

/** How long after the client is made its first event waits for the server's route. */
export const ROUTE_WAIT_MS = 150;
const POLL_MS = 5;

export function routedClient<Answer>(client: HookClient<Answer>, agent: string): AskHook<Answer> {
  const cwd = client.cwd ?? process.cwd();
  const routeFile = routeFilePath(cwd, agent);
  const firstRoute = waitForRoute(routeFile, Date.now() + ROUTE_WAIT_MS);
  let viaProcess: AskHook<Answer> | undefined;
  const elsewhere = (event: string, input: unknown) => {
    viaProcess ??= residentClient(client);
    return viaProcess(event, input);
  };
  return async (event, input) => {
    const route = liveRoute(routeFile) ?? (await firstRoute);
    if (route === undefined) return elsewhere(event, input);
    const hookCwd = (input as { cwd?: unknown } | null)?.cwd;
    const reply = await askRoute(
      route,
      {
        cwd: typeof hookCwd === 'string' ? hookCwd : cwd,
        words: [...client.command, event, ...client.options],
        input,
        env: process.env,
      },
      client.timeoutFor(event),
    );
    if (reply === 'late') return undefined;
    if (reply === 'elsewhere') return elsewhere(event, input);
    for (const line of reply.stderr.split('\n')) if (line !== '') client.log(line);
    return client.parse(reply.stdout);
  };
}

/** The live route at `file` as soon as there is one; undefined once `deadline` has passed. */
async function waitForRoute(file: string, deadline: number) {
  for (;;) {
    const route = liveRoute(file);
    if (route !== undefined || Date.now() >= deadline) return route;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS).unref());
  }
}
