/**
 * The process entry of `plankeeper hook`, loaded by the bin without commander or any other
 * command. It exits as soon as the answer is written: a store connection still retrying
 * (a server that is down) must not keep the agent waiting. With `--serve` it answers events
 * until stdin closes (serve-hooks.ts), then exits the same way; for an agent whose MCP command
 * is a relay to it, it serves that agent's MCP connections meanwhile (mcp-route.ts).
 */
import { type McpRoute, startMcpRoute } from '../hook-route/mcp-route.js';
import {
  MCP_ROUTE_AGENTS,
  mcpRouteFilePath,
  pendingRoute,
  removeRoute,
} from '../hook-route/route-file.js';
import { SERVE_FLAG } from './hook-args.js';
import { runHook } from './run-hook.js';
import { serveHooks } from './serve-hooks.js';

export async function hookMain(args: readonly string[]): Promise<never> {
  const io = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  };
  let code: number;
  if (args[1] === SERVE_FLAG) {
    // The host that reads the answers is gone: nothing left to answer.
    process.stdout.on('error', () => process.exit(0));
    const route = await mcpRouteFor(args[0] ?? '', io);
    // The agent connects to its MCP server after its first prompt event: the server's modules
    // load once that is answered, so neither waits for them.
    code = await serveHooks(args, io, {}, route && (() => void loadMcpServer().catch(() => {})));
    await route?.close();
  } else {
    code = await runHook(args, io, { closeStore: false });
  }
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}

function loadMcpServer() {
  return import('../../cli/commands/mcp/serve-connection.js');
}

/**
 * The agent's MCP connections served here, where its MCP command relays to this process. The
 * MCP server's modules load after the first hook event is answered or with the first
 * connection, not with the process, which must answer that event soon after its start. Without a route the relay starts the server as a
 * process of its own, so a failure here only logs.
 */
async function mcpRouteFor(
  agent: string,
  io: { env: NodeJS.ProcessEnv; cwd: string; stderr: { write(text: string): unknown } },
): Promise<McpRoute | undefined> {
  if (!MCP_ROUTE_AGENTS.includes(agent)) return undefined;
  try {
    return await startMcpRoute({
      agent,
      cwd: io.cwd,
      stderr: io.stderr,
      serve: async (words) => {
        const { mcpSettingsOf, serveMcpOver } = await loadMcpServer();
        const settings = mcpSettingsOf(words, io.env, io.cwd);
        return settings && ((stdio) => serveMcpOver(settings, stdio));
      },
    });
  } catch (error) {
    // The plugin's note that this process would serve them: the relay need not wait for it.
    removeRoute(mcpRouteFilePath(io.cwd, agent), pendingRoute(process.pid));
    io.stderr.write(
      `plankeeper hook: MCP connections are not served here (${error instanceof Error ? error.message : String(error)})\n`,
    );
    return undefined;
  }
}
