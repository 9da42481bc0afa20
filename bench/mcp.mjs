// Memory held per open MCP Streamable HTTP session: plankeeper's serveHttp (a server with
// the plan tools, resource and prompt per session) beside a bare SDK server with one
// no-op tool on the same HTTP path, each measured in this run as the heap growth after
// opening N sessions (initialize only, then GC). serveHttp caps sessions (default 100)
// because each one stays in memory until it is closed or idles out.
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { serveHttp } from 'plankeeper/mcp';
import { printTable, verdict } from './report.mjs';

const SESSIONS = Number(process.env.BENCH_MCP_SESSIONS ?? 100);
const ROUNDS = 3;
/** Target: a session under 200 KB, so the default cap of 100 holds under 20 MB. */
const TARGET_KB = 200;

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'bench', version: '1' },
  },
});

async function openSessions(url, count) {
  for (let index = 0; index < count; index++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: initialize,
    });
    await response.text();
    if (!response.ok) throw new Error(`initialize answered ${response.status}`);
  }
}

/** The SDK's own minimal stateful server: one McpServer and transport per session. */
async function bareServer() {
  const sessions = new Map();
  const http = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const server = new McpServer({ name: 'bare', version: '1' });
    server.registerTool('noop', { description: 'Does nothing.' }, async () => ({ content: [] }));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => globalThis.crypto.randomUUID(),
      onsessioninitialized: (id) => sessions.set(id, { server, transport }),
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, JSON.parse(Buffer.concat(chunks)));
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${http.address().port}/mcp`,
    sessionCount: () => sessions.size,
    async close() {
      await Promise.allSettled([...sessions.values()].map(({ server }) => server.close()));
      sessions.clear();
      await new Promise((resolve) => {
        http.close(resolve);
        http.closeAllConnections();
      });
    },
  };
}

function heapUsed() {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/** Heap growth per session, in KB, after opening SESSIONS sessions on a fresh server. */
async function perSession(start) {
  const handle = await start();
  try {
    await openSessions(handle.url, 5); // loads and compiles everything a session touches
    const before = heapUsed();
    await openSessions(handle.url, SESSIONS);
    const after = heapUsed();
    if (handle.sessionCount() !== SESSIONS + 5) throw new Error('a session was not kept');
    return (after - before) / SESSIONS / 1024;
  } finally {
    await handle.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function mcp() {
  if (!globalThis.gc) console.log('(run with --expose-gc for stable figures)');
  const plankeeper = [];
  const bare = [];
  // Alternated, so whatever else the machine does weighs on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    plankeeper.push(
      await perSession(() =>
        serveHttp({ engine: new PlanEngine(), port: 0, maxSessions: SESSIONS + 5 }),
      ),
    );
    bare.push(await perSession(bareServer));
  }
  const [ours, baseline] = [median(plankeeper), median(bare)];
  printTable(
    `heap per open MCP HTTP session (${SESSIONS} sessions, median of ${ROUNDS} rounds)`,
    ['server', 'KB per session', 'x bare SDK'],
    [
      ['bare SDK server, one no-op tool', baseline, 1],
      ['plankeeper serveHttp (plan tools, resource, prompt)', ours, ours / baseline],
    ],
  );
  console.log('');
  verdict(`session under ${TARGET_KB} KB`, ours < TARGET_KB, `${ours.toFixed(0)} KB`);
}
