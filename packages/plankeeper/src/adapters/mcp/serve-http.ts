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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { ConfigurationError } from '../../engine/errors.js';
import {
  bearerToken,
  isLoopbackHost,
  isLoopbackHostHeader,
  isLoopbackOrigin,
  tokensMatch,
} from '../../http/index.js';
import { listenError } from './listen-error.js';
import {
  createPlanMcpServer,
  type PlanMcpServer,
  type PlanMcpServerOptions,
} from './plan-mcp-server.js';

export interface HttpServeOptions extends PlanMcpServerOptions {
  /** TCP port; 0 picks a free one (see the returned `port`). */
  port: number;
  /** Bind address. Default `127.0.0.1`. Anything not loopback requires `token`. */
  host?: string;
  /** Shared secret clients send as `Authorization: Bearer <token>`. */
  token?: string;
  /** Endpoint path. Default `/mcp`. */
  path?: string;
  /** Largest accepted request body in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Close a session after this long without requests or open streams (its id then gets
   * 404, and MCP clients initialize again). Default 30 minutes; 0 keeps sessions forever.
   */
  sessionIdleMs?: number;
  /** Most sessions open at once (each holds about 100 KB); more get 503. Default 100. */
  maxSessions?: number;
  /** Time a client has to send a whole request, headers and body. Default 30 seconds. */
  requestTimeoutMs?: number;
}

export interface HttpHandle {
  /** Endpoint URL clients connect to, e.g. `http://127.0.0.1:43127/mcp`. */
  url: string;
  port: number;
  host: string;
  /** Number of open MCP sessions. */
  sessionCount(): number;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

interface Session {
  server: PlanMcpServer;
  transport: StreamableHTTPServerTransport;
  /** Requests (including open SSE streams) still being answered. */
  active: number;
  lastSeen: number;
}

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Longer than an agent waits between tool calls while it works; a client back after a
 * longer pause gets 404 and initializes again, and the plan is still in the store.
 */
const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** About 10 MB of sessions: far more agents than one loopback server serves. */
const DEFAULT_MAX_SESSIONS = 100;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export async function serveHttp(options: HttpServeOptions): Promise<HttpHandle> {
  const {
    port,
    host = '127.0.0.1',
    token,
    path = '/mcp',
    maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
    sessionIdleMs = DEFAULT_SESSION_IDLE_MS,
    maxSessions = DEFAULT_MAX_SESSIONS,
    requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    ...serverOptions
  } = options;
  if (!(sessionIdleMs >= 0)) {
    throw new ConfigurationError(
      `sessionIdleMs must be 0 (never close) or a positive number of milliseconds, not ${sessionIdleMs}.`,
    );
  }
  for (const [name, value] of [
    ['maxSessions', maxSessions],
    ['maxBodyBytes', maxBodyBytes],
    ['requestTimeoutMs', requestTimeoutMs],
  ] as const) {
    if (!(Number.isSafeInteger(value) && value > 0)) {
      throw new ConfigurationError(`${name} must be a positive whole number, not ${value}.`);
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigurationError(`HTTP port must be an integer from 0 to 65535, not ${port}.`);
  }
  if (token !== undefined && !/^\S+$/.test(token)) {
    throw new ConfigurationError('The HTTP token must be non-empty and contain no whitespace.');
  }
  const loopback = isLoopbackHost(host);
  if (!loopback && token === undefined) throw needsToken(host);
  // Loaded here, not with the module: it brings an HTTP stack (Hono's Node server, which
  // touches fetch's globals and http2) that a stdio server, started at every coding-agent
  // session, would load for nothing.
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );

  const sessions = new Map<string, Session>();
  /** Sessions between initialize and its answer: they count against the cap too. */
  let opening = 0;
  const full = () => sessions.size + opening >= maxSessions;

  async function openSession(request: IncomingMessage, response: ServerResponse, body: unknown) {
    if (full()) closeIdleSessions(sessions, sessionIdleMs);
    if (full()) {
      response.setHeader('Retry-After', '60');
      return sendError(response, 503, -32000, serverFullMessage(maxSessions, path));
    }
    opening++;
    try {
      await startSession(request, response, body);
    } finally {
      opening--;
    }
  }

  async function startSession(request: IncomingMessage, response: ServerResponse, body: unknown) {
    const id = globalThis.crypto.randomUUID();
    const server = createPlanMcpServer({ ...serverOptions, session: serverOptions.session ?? id });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => {
        sessions.set(id, { server, transport, active: 0, lastSeen: Date.now() });
      },
    });
    server.onclose = () => {
      sessions.delete(id);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
    // A failed initialize leaves a session nobody can reach; let it go.
    if (!sessions.has(id)) await server.close();
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      return sendError(response, 404, -32000, `Not found; the MCP endpoint is ${path}.`);
    }
    if (loopback && !isLoopbackHostHeader(request.headers.host)) {
      return sendError(response, 403, -32000, 'Forbidden: Host is not a loopback name.');
    }
    if (loopback && !isLoopbackOrigin(request.headers.origin)) {
      return sendError(response, 403, -32000, 'Forbidden: Origin is not a loopback origin.');
    }
    const authorization = request.headers.authorization;
    if (token !== undefined && !(await tokensMatch(token, bearerToken(authorization)))) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return sendError(response, 401, -32000, 'Unauthorized: send Authorization: Bearer <token>.');
    }

    // Every POST body is read here, session or not, so one limit and one parse error apply.
    let body: unknown;
    if (request.method === 'POST') {
      const text = await readBody(request, maxBodyBytes);
      if (text === undefined) {
        return sendError(
          response,
          413,
          -32000,
          `Request body over ${maxBodyBytes} bytes; send less per request.`,
        );
      }
      try {
        body = JSON.parse(text);
      } catch {
        return sendError(response, 400, -32700, 'Parse error: the body is not valid JSON.');
      }
    }

    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return sendError(response, 404, -32001, 'Session not found; initialize again.');
      session.active++;
      session.lastSeen = Date.now();
      response.once('close', () => {
        session.active--;
        session.lastSeen = Date.now();
      });
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST') {
      return sendError(response, 400, -32000, 'Bad request: missing Mcp-Session-Id header.');
    }
    if (!isInitializeRequest(body)) {
      return sendError(
        response,
        400,
        -32000,
        'Bad request: no Mcp-Session-Id header; start a session with initialize.',
      );
    }
    return openSession(request, response, body);
  }

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
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(listenError(error, host, port));
    http.once('error', fail);
    http.listen(port, host, () => {
      http.off('error', fail);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  // A name passes the loopback rule by its spelling, but the resolver chose the address:
  // one that landed beyond loopback (a hosts-file entry, say) needs the token all the same.
  if (token === undefined && !isLoopbackHost(address.address)) {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    throw needsToken(`${host} (${address.address})`);
  }
  // Sweeps often enough that a session outlives its idle time by at most half of it.
  const sweeper =
    sessionIdleMs > 0 && Number.isFinite(sessionIdleMs)
      ? setInterval(
          () => closeIdleSessions(sessions, sessionIdleMs),
          Math.max(10, Math.min(sessionIdleMs / 2, 60_000)),
        ).unref()
      : undefined;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${urlHost}:${address.port}${path}`,
    port: address.port,
    host: address.address,
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

function needsToken(where: string): ConfigurationError {
  return new ConfigurationError(
    `Refusing to serve MCP on ${where} without a token: anyone who can reach it could read and change plans. Set a token (clients then send "Authorization: Bearer <token>") or bind to 127.0.0.1.`,
  );
}

function serverFullMessage(maxSessions: number, path: string): string {
  return `Server full: ${maxSessions} MCP sessions are open, the most this server keeps. Close sessions you no longer use (DELETE ${path} with their Mcp-Session-Id), or retry once idle ones have expired.`;
}

function closeIdleSessions(sessions: Map<string, Session>, idleMs: number): void {
  if (!(idleMs > 0 && Number.isFinite(idleMs))) return;
  const now = Date.now();
  for (const [id, session] of sessions) {
    if (session.active > 0 || now - session.lastSeen < idleMs) continue;
    sessions.delete(id);
    session.server.close().catch(() => {});
  }
}

function sendError(response: ServerResponse, status: number, code: number, message: string): void {
  response
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** The body as text, or undefined once it passes `limit` bytes. */
async function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
