import { PlanEngine } from 'plankeeper';
import { serveHttp, serveStdio } from 'plankeeper/mcp';
import { openStore } from 'plankeeper/stores';

/** The plan tools for MCP clients, stored where `plankeeper todos` and `dashboard` see them. */
export async function serve(
  transport: 'stdio' | 'http',
  { store = 'sqlite:.plankeeper/plans.db', port = 8765 } = {},
) {
  const engine = new PlanEngine({ store: await openStore(store) }); // any URL from "Stores"
  if (transport === 'stdio') {
    // The client starts this process; stdout carries protocol only, so log to stderr.
    const stdio = await serveStdio({ engine, tools: 'both' });
    await stdio.closed; // the client went away
    return engine.store.close();
  }
  // 127.0.0.1 by default; another `host` needs a `token`. Port 0 picks a free one.
  const http = await serveHttp({ engine, port });
  console.error(`MCP at ${http.url}`);
  return http; // http.close() stops it
}
