/**
 * The HTTP server's open MCP sessions: each `initialize` opens one with its own server
 * (and, unless a fixed `session` is given, its own plan, keyed by the MCP session id), at
 * most `maxSessions` at once, and a session idle for `sessionIdleMs` is closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { sendError, serverFullMessage } from './http-responses.js';
import type { HttpSettings } from './http-serve-options.js';
import { createPlanMcpServer, type PlanMcpServer } from './plan-mcp-server.js';

interface Session {
  server: PlanMcpServer;
  transport: StreamableHTTPServerTransport;
  /** Requests (including open SSE streams) still being answered. */
  active: number;
  lastSeen: number;
}

type TransportClass = typeof StreamableHTTPServerTransport;

export class HttpSessions {
  private readonly sessions = new Map<string, Session>();
  /** Sessions between initialize and its answer: they count against the cap too. */
  private opening = 0;

  constructor(
    private readonly settings: HttpSettings,
    private readonly Transport: TransportClass,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Passes a request on to its session; undefined when no session has that id. */
  forward(id: string, request: IncomingMessage, response: ServerResponse, body: unknown) {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    session.active++;
    session.lastSeen = Date.now();
    response.once('close', () => {
      session.active--;
      session.lastSeen = Date.now();
    });
    return session.transport.handleRequest(request, response, body);
  }

  async open(request: IncomingMessage, response: ServerResponse, body: unknown) {
    const { maxSessions, path } = this.settings;
    if (this.full()) this.closeIdle();
    if (this.full()) {
      response.setHeader('Retry-After', '60');
      return sendError(response, 503, -32000, serverFullMessage(maxSessions, path));
    }
    this.opening++;
    try {
      await this.start(request, response, body);
    } finally {
      this.opening--;
    }
  }

  /** Closes every session idle for `sessionIdleMs`, if sessions expire at all. */
  closeIdle(): void {
    const idleMs = this.settings.sessionIdleMs;
    if (!(idleMs > 0 && Number.isFinite(idleMs))) return;
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (session.active > 0 || now - session.lastSeen < idleMs) continue;
      this.sessions.delete(id);
      session.server.close().catch(() => {});
    }
  }

  /** Starts the timer that closes idle sessions, when sessions expire at all. */
  sweep(): NodeJS.Timeout | undefined {
    const idleMs = this.settings.sessionIdleMs;
    // Often enough that a session outlives its idle time by at most half of it.
    return idleMs > 0 && Number.isFinite(idleMs)
      ? setInterval(() => this.closeIdle(), Math.max(10, Math.min(idleMs / 2, 60_000))).unref()
      : undefined;
  }

  async closeAll(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(open.map((session) => session.server.close()));
  }

  private full(): boolean {
    return this.sessions.size + this.opening >= this.settings.maxSessions;
  }

  private async start(request: IncomingMessage, response: ServerResponse, body: unknown) {
    const { serverOptions } = this.settings;
    const id = globalThis.crypto.randomUUID();
    const server = createPlanMcpServer({ ...serverOptions, session: serverOptions.session ?? id });
    const transport = new this.Transport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => {
        this.sessions.set(id, { server, transport, active: 0, lastSeen: Date.now() });
      },
    });
    server.onclose = () => {
      this.sessions.delete(id);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
    // A failed initialize leaves a session nobody can reach; let it go.
    if (!this.sessions.has(id)) await server.close();
  }
}
