/**
 * What `serveHttp` is configured with and what it returns, and the options' defaults and
 * checks: a bad bound is a programmer's mistake, refused before anything listens.
 */
import { ConfigurationError } from '../../engine/errors.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';

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

const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Longer than an agent waits between tool calls while it works; a client back after a
 * longer pause gets 404 and initializes again, and the plan is still in the store.
 */
const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** About 10 MB of sessions: far more agents than one loopback server serves. */
const DEFAULT_MAX_SESSIONS = 100;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The HTTP options with their defaults, checked; the rest is each session's server's. */
export interface HttpSettings {
  port: number;
  host: string;
  token: string | undefined;
  path: string;
  maxBodyBytes: number;
  sessionIdleMs: number;
  maxSessions: number;
  requestTimeoutMs: number;
  serverOptions: PlanMcpServerOptions;
}

export function httpSettings(options: HttpServeOptions): HttpSettings {
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
  const settings = { port, host, token, path, maxBodyBytes, sessionIdleMs, maxSessions };
  return { ...settings, requestTimeoutMs, serverOptions };
}

export function needsToken(where: string): ConfigurationError {
  return new ConfigurationError(
    `Refusing to serve MCP on ${where} without a token: anyone who can reach it could read and change plans. Set a token (clients then send "Authorization: Bearer <token>") or bind to 127.0.0.1.`,
  );
}
