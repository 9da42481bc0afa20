/**
 * Serves the plan tools over MCP Streamable HTTP at `/mcp`, with stateful sessions: each
 * `initialize` opens a session with its own server and, unless a fixed `session` is
 * given, its own plan (keyed by the MCP session id). A session nobody has used for
 * `sessionIdleMs` (no request, no open stream) is closed, so clients that vanish without
 * a DELETE do not hold memory forever; its plan stays in the store.
 *
 * Bounds, so a client that opens sessions in a loop or trickles a body cannot exhaust the
 * process: at most `maxSessions` sessions (more get 503 with a JSON-RPC error saying so),
 * request bodies up to `maxBodyBytes` (more get 413), and a request must arrive whole
 * within `requestTimeoutMs` (else 408 and the connection closes).
 *
 * Safety: bound to loopback it accepts only requests whose Host and Origin are loopback
 * (no DNS rebinding from web pages); bound anywhere else it refuses to start without a
 * token. With a token, every request must carry `Authorization: Bearer <token>`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost } from '../../http/index.js';
import { createRequestHandler } from './http-request-handler.js';
import { sendError } from './http-responses.js';
import {
  type HttpHandle,
  type HttpServeOptions,
  httpSettings,
  needsToken,
} from './http-serve-options.js';
import { HttpSessions } from './http-sessions.js';
import { listenError } from './listen-error.js';

export type { HttpHandle, HttpServeOptions } from './http-serve-options.js';

export async function serveHttp(options: HttpServeOptions): Promise<HttpHandle> {
  const settings = httpSettings(options);
  const { port, host, token, path, requestTimeoutMs } = settings;
  if (!isLoopbackHost(host) && token === undefined) throw needsToken(host);
  // Loaded here, not with the module: it brings an HTTP stack (Hono's Node server, which
  // touches fetch's globals and http2) that a stdio server, started at every coding-agent
  // session, would load for nothing.
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const sessions = new HttpSessions(settings, StreamableHTTPServerTransport);
  const handle = createRequestHandler(settings, sessions);

  const http = createServer(
    {
      // Node checks these timeouts every connectionsCheckingInterval (default 30 s), so a
      // short timeout needs a short interval to mean anything.
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1000, requestTimeoutMs / 4)),
    },
    (request, response) => {
      handle(request, response).catch(() => {
        if (!response.headersSent) sendError(response, 500, -32603, 'Internal server error.');
        else response.end();
      });
    },
  );
  await listen(http, host, port);
  const address = http.address() as AddressInfo;
  // A name passes the loopback rule by its spelling, but the resolver chose the address:
  // one that landed beyond loopback (a hosts-file entry, say) needs the token all the same.
  if (token === undefined && !isLoopbackHost(address.address)) {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    throw needsToken(`${host} (${address.address})`);
  }
  const sweeper = sessions.sweep();
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${urlHost}:${address.port}${path}`,
    port: address.port,
    host: address.address,
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      await sessions.closeAll();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

function listen(http: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(listenError(error, host, port));
    http.once('error', fail);
    http.listen(port, host, () => {
      http.off('error', fail);
      resolve();
    });
  });
}
