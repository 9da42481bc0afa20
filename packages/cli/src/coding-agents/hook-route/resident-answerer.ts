/**
 * A resident hook answerer: the `plankeeper mcp --for <agent>` server the agent started for its
 * plan tools also answers that agent's command hooks, over a loopback TCP port named in a
 * 0600 route file (route-file.ts), so a hook event costs a bash forwarder (forwarder-script.ts)
 * instead of a Node start; Copilot CLI's extension reaches it the same way
 * (resident-client/routed-client.ts). Each event takes the one-shot hook's own path
 * (answerHookEvent, as `hook --serve` does): its own deadline and fail-open answer, the hook's
 * working directory and variables, so the answer is the one `plankeeper hook <agent> …` would
 * print. Its stores stay open between events, as in `hook --serve` (hook/kept-stores.ts).
 *
 * A connection that does not open with the route's secret is closed with no answer. An event
 * whose answer runs the person's checks is passed back (CHECKING_EVENTS): the forwarder then
 * runs the hook process.
 */
import type { Socket } from 'node:net';
import { KeptStores } from '../hook/kept-stores.js';
import { answerHookEvent } from '../hook/run-hook.js';
import { agentProjectDir } from '../project-store.js';
import {
  CHECKING_EVENTS,
  type Route,
  routeFilePath,
  routeIsVacant,
  writeRoute,
} from './route-file.js';
import { admits, END, FORWARDED_ENV, readRouteRequest } from './route-request.js';
import { listenWithRoute } from './routed-server.js';

/** A request larger than this is no hook input: the connection is dropped. */
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;
/** A client that sends nothing for this long is dropped. */
const IDLE_MS = 30_000;
/**
 * How often a live answerer looks at the route. Two sessions in one project each start a
 * server, and each writes the route (the later wins); the one whose route it is takes it along
 * when it ends, or leaves it naming a dead process when killed, and nothing tells the other
 * server. So each server writes its own route again when the file is gone or names a dead
 * process: the other session's hooks take a process for at most this long. A small read and a
 * signal 0 per second; the timer does not keep the process alive.
 */
const REPUBLISH_MS = 1000;

export interface ResidentAnswerer {
  /** The hook events answered so far. */
  readonly answered: number;
  /** Connections refused for a missing or wrong secret. */
  readonly refused: number;
  readonly routeFile: string;
  close(): Promise<void>;
}

export interface ResidentOptions {
  agent: string;
  /** The answerer's project: where the agent started it. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  stderr: { write(text: string): unknown };
  /** The agent's project-directory variable (Gemini CLI's GEMINI_PROJECT_DIR), if it has one. */
  projectDirEnv?: string;
}

/** Listens on 127.0.0.1 and writes the route file; resolves once hooks can reach it. */
export async function startResidentAnswerer(options: ResidentOptions): Promise<ResidentAnswerer> {
  const counts = { answered: 0, refused: 0 };
  const keptStores = new KeptStores();
  const projectDir = agentProjectDir(options.projectDirEnv, options.env, options.cwd);
  const routeFile = routeFilePath(projectDir, options.agent);
  // Not a reason for the agent to wait: the server's own work goes on without it.
  const server = await listenWithRoute(routeFile, (socket, secret) =>
    serve(socket, secret, { ...options, keptStores }, counts),
  );
  const republish = setInterval(() => keepRoute(routeFile, server.route), REPUBLISH_MS);
  republish.unref();
  return {
    get answered() {
      return counts.answered;
    },
    get refused() {
      return counts.refused;
    },
    routeFile,
    async close() {
      clearInterval(republish);
      await server.close();
      await keptStores.closeAll();
    },
  };
}

/** What each connection is answered with: the options, and the stores kept open. */
type Answering = ResidentOptions & { keptStores: KeptStores };

function serve(
  socket: Socket,
  secret: string,
  options: Answering,
  counts: { answered: number; refused: number },
): void {
  let text = '';
  let admitted = false;
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    text += chunk;
    if (!admitted) {
      const verdict = admits(text, secret);
      if (verdict === false) {
        counts.refused++;
        socket.destroy();
        return;
      }
      if (verdict === undefined) return;
      admitted = true;
    }
    if (text.length > MAX_REQUEST_BYTES) socket.destroy();
    else if (text.endsWith(END)) void answer(socket, text, options, counts);
  });
}

async function answer(
  socket: Socket,
  text: string,
  options: Answering,
  counts: { answered: number },
): Promise<void> {
  const request = readRouteRequest(text);
  if (request instanceof Error) {
    options.stderr.write(`plankeeper mcp: a hook request was not understood: ${request.message}\n`);
    socket.destroy();
    return;
  }
  const [agent = '', event = ''] = request.args;
  if (request.args.includes('--verify') && CHECKING_EVENTS[agent]?.includes(event)) {
    // Not answered here: the forwarder runs the hook process, with the hook's environment.
    socket.end('pass\n');
    return;
  }
  let stderr = '';
  const env = { ...options.env };
  for (const name of FORWARDED_ENV) {
    if (request.env[name] === undefined) delete env[name];
    else env[name] = request.env[name];
  }
  const stdout = await answerHookEvent(
    request.args,
    async () => JSON.parse(request.input) as unknown,
    { stderr: { write: (line: string) => (stderr += line) }, env, cwd: request.cwd },
    { keptStores: options.keptStores },
  );
  counts.answered++;
  socket.end(`ok\n${stdout}${END}${stderr}`);
}

/** Writes `route` again where the route leads nowhere (REPUBLISH_MS). */
function keepRoute(routeFile: string, route: Route): void {
  try {
    if (routeIsVacant(routeFile)) writeRoute(routeFile, route);
  } catch {
    // Tried again at the next tick; the hooks take a process meanwhile.
  }
}
