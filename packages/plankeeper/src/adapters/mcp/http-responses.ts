/** The JSON-RPC error answers the HTTP server gives before (or instead of) a session. */
import type { ServerResponse } from 'node:http';

export function sendError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
): void {
  response
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export function serverFullMessage(maxSessions: number, path: string): string {
  return `Server full: ${maxSessions} MCP sessions are open, the most this server keeps. Close sessions you no longer use (DELETE ${path} with their Mcp-Session-Id), or retry once idle ones have expired.`;
}
