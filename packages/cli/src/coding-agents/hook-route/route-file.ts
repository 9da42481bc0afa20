/**
 * The route file of a resident hook answerer (resident-answerer.ts): one line, `<pid> <port>
 * <secret>`, in `<project>/.plankeeper/<agent>-hooks.route`, readable by its owner only. The
 * forwarder (forwarder-script.ts) and Copilot CLI's extension (resident-client/routed-client.ts)
 * read it to reach the answerer; the secret is new at every start, so only a process that can
 * read the file (the person's own) is answered.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The agents whose hooks go to a resident answerer when it is up: Codex's and Gemini CLI's
 * command hooks through the forwarder, Copilot CLI's extension (resident-client/routed-client.ts).
 */
export const RESIDENT_HOOK_AGENTS: readonly string[] = ['codex', 'gemini', 'copilot'];

/**
 * The events of each agent whose answer runs the person's checks (`--verify`): they run in
 * the hook's own environment, which the agent gives its hooks and not always its MCP server
 * (Codex hands it a handful of variables), so the resident leaves them to the hook process.
 */
export const CHECKING_EVENTS: Readonly<Record<string, readonly string[]>> = {
  codex: ['Stop', 'SubagentStop'],
  gemini: ['AfterAgent'],
  copilot: ['agentStop', 'subagentStop'],
};

/** Where the route of `agent`'s answerer for the project at `projectDir` is written. */
export function routeFilePath(projectDir: string, agent: string): string {
  return join(projectDir, '.plankeeper', `${agent}-hooks.route`);
}

export interface Route {
  pid: number;
  port: number;
  secret: string;
}

/**
 * Writes the route in one rename, so a forwarder never reads half a line, with mode 0600 from
 * the start (the temporary file is created so).
 */
export function writeRoute(path: string, route: Route): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const temporary = `${path}.${route.pid}.tmp`;
  writeFileSync(temporary, `${route.pid} ${route.port} ${route.secret}\n`, { mode: 0o600 });
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The route at `path` when it leads to a process that runs and listens: undefined for no file,
 * one another user owns (its writer would read every hook input sent), a line that is not a
 * route, a starting resident's (pendingRoute) or a dead process's.
 */
export function liveRoute(path: string): Route | undefined {
  const text = ownFileText(path);
  if (text === undefined) return undefined;
  const [pid, port, secret] = text.trim().split(' ');
  const route = { pid: Number(pid), port: Number(port), secret: secret ?? '' };
  if (!Number.isSafeInteger(route.pid) || route.pid <= 0) return undefined;
  if (!Number.isInteger(route.port) || route.port <= 0 || route.port > 65535) return undefined;
  if (!/^[0-9a-f]+$/.test(route.secret)) return undefined;
  try {
    process.kill(route.pid, 0);
  } catch {
    // ESRCH: gone; EPERM: another user's process, which a route of ours never names.
    return undefined;
  }
  return route;
}

/** The text of the regular file at `path` if this user owns it; undefined otherwise. */
function ownFileText(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile() || (process.getuid && stat.uid !== process.getuid())) return undefined;
    return readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Whether the route at `path` leads nowhere: the file is gone (its folder still there) or
 * names a process that no longer runs. Anything else there (a live answerer's route, a
 * folder, a file that cannot be read) is left as it is.
 */
export function routeIsVacant(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync(dirname(path));
  }
  const pid = Number(text.split(' ')[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Takes the file out if it still names this route: a newer answerer's stays. */
export function removeRoute(path: string, route: Route): void {
  try {
    if (readFileSync(path, 'utf8').trim() === `${route.pid} ${route.port} ${route.secret}`) {
      rmSync(path, { force: true });
    }
  } catch {
    // Already gone.
  }
}

/**
 * The agents whose MCP server is served by the process their plugin keeps (mcp-route.ts), where
 * the route of `agent` for the project at `projectDir` is written.
 */
export const MCP_ROUTE_AGENTS: readonly string[] = ['opencode'];

export function mcpRouteFilePath(projectDir: string, agent: string): string {
  return join(projectDir, '.plankeeper', `${agent}-mcp.route`);
}

/**
 * The route of a resident that is starting: its pid and port 0. The relay (mcp-relay.ts) waits
 * while such a process lives, rather than start a server of its own beside one about to serve.
 */
export function pendingRoute(pid: number): Route {
  return { pid, port: 0, secret: '-' };
}
