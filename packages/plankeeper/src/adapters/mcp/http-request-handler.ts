/**
 * One HTTP request to the MCP endpoint: the guards (path, loopback Host and Origin, bearer
 * token), the body read under one limit and one parse error, then its session, or a new
 * session for an initialize.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import {
  bearerToken,
  isLoopbackHost,
  isLoopbackHostHeader,
  isLoopbackOrigin,
  tokensMatch,
} from '../../http/index.js';
import { sendError } from './http-responses.js';
import type { HttpSettings } from './http-serve-options.js';
import type { HttpSessions } from './http-sessions.js';
import { readBody } from './read-body.js';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Set when the body was read (or there was none to read); unset when an error was sent. */
type ReadBody = { body: unknown } | undefined;

export function createRequestHandler(
  settings: HttpSettings,
  sessions: HttpSessions,
): RequestHandler {
  return async (request, response) => {
    if (!(await admitted(settings, request, response))) return;
    const read = await readJsonBody(settings, request, response);
    if (!read) return;
    const { body } = read;
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const forwarded = sessions.forward(sessionId, request, response, body);
      if (!forwarded)
        return sendError(response, 404, -32001, 'Session not found; initialize again.');
      return forwarded;
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
    return sessions.open(request, response, body);
  };
}

/** Whether the request passes the guards; when it does not, its refusal has been sent. */
async function admitted(
  { path, host, token }: HttpSettings,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const loopback = isLoopbackHost(host);
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== path) {
    sendError(response, 404, -32000, `Not found; the MCP endpoint is ${path}.`);
  } else if (loopback && !isLoopbackHostHeader(request.headers.host)) {
    sendError(response, 403, -32000, 'Forbidden: Host is not a loopback name.');
  } else if (loopback && !isLoopbackOrigin(request.headers.origin)) {
    sendError(response, 403, -32000, 'Forbidden: Origin is not a loopback origin.');
  } else if (
    token !== undefined &&
    !(await tokensMatch(token, bearerToken(request.headers.authorization)))
  ) {
    response.setHeader('WWW-Authenticate', 'Bearer');
    sendError(response, 401, -32000, 'Unauthorized: send Authorization: Bearer <token>.');
  } else {
    return true;
  }
  return false;
}

/** Every POST body is read here, session or not, so one limit and one parse error apply. */
async function readJsonBody(
  { maxBodyBytes }: HttpSettings,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<ReadBody> {
  if (request.method !== 'POST') return { body: undefined };
  const text = await readBody(request, maxBodyBytes);
  if (text === undefined) {
    sendError(
      response,
      413,
      -32000,
      `Request body over ${maxBodyBytes} bytes; send less per request.`,
    );
    return undefined;
  }
  try {
    return { body: JSON.parse(text) };
  } catch {
    sendError(response, 400, -32700, 'Parse error: the body is not valid JSON.');
    return undefined;
  }
}
