/**
 * `session/new`, `session/load` and `session/resume` with plankeeper's MCP server added to
 * `mcpServers`. These requests are the only editor messages the proxy changes; a server the
 * person already named `plankeeper` is theirs and is left as it is.
 */

/** An ACP stdio MCP server (`McpServerStdio`): every field is required by the schema. */
export interface StdioMcpServer {
  name: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
}

export const SESSION_METHODS = new Set(['session/new', 'session/load', 'session/resume']);

/** The ones that name a session already there: it keeps its plan. */
export const EXISTING_SESSION_METHODS = new Set(['session/load', 'session/resume']);

/** Whether a line might be a request the proxy reads; a cheap test before parsing. */
export function mightBeSessionRequest(line: Buffer): boolean {
  for (const method of SESSION_METHODS) if (line.includes(method)) return true;
  return false;
}

/**
 * The request line with `server` added, keeping the line's ending; undefined when it must go
 * through unchanged (no params object, or a `plankeeper` server already there).
 */
export function withMcpServer(
  message: Record<string, unknown>,
  line: Buffer,
  server: StdioMcpServer,
): Buffer | undefined {
  const params = message.params;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
  const servers = (params as { mcpServers?: unknown }).mcpServers;
  const list = Array.isArray(servers) ? servers : [];
  if (list.some((each) => (each as { name?: unknown } | null)?.name === server.name)) {
    return undefined;
  }
  const rewritten = { ...message, params: { ...params, mcpServers: [...list, server] } };
  const ending = line.subarray(-2).toString() === '\r\n' ? '\r\n' : '\n';
  return Buffer.from(`${JSON.stringify(rewritten)}${line.at(-1) === 0x0a ? ending : ''}`);
}
