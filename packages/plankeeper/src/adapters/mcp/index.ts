/**
 * plankeeper/mcp: the plan tools as an MCP server, over stdio or Streamable HTTP.
 *
 * Each connection gets the tools (`todo_write`, `todo_read`, `todos_*`) with their exact
 * JSON Schemas, the plan as the resource `plankeeper://plan` (Markdown and JSON; subscribe
 * for `notifications/resources/updated`), and the planning instructions both as the
 * server's `instructions` and as the prompt `plan-instructions` (argument `locale`).
 * Plans are keyed `{agent, session}`; without a fixed `session`, every connection has
 * its own plan.
 *
 * @example
 * import { PlanEngine } from 'plankeeper';
 * import { serveStdio } from 'plankeeper/mcp';
 * await serveStdio({ engine: new PlanEngine(), tools: 'both', locale: 'en' });
 *
 * @example
 * import { serveHttp } from 'plankeeper/mcp';
 * const http = await serveHttp({ engine: new PlanEngine(), port: 0 });
 * console.error(`MCP at ${http.url}`);
 */

// The loopback rule lives in plankeeper/http; re-exported here for code that imported it from here.
export { isLoopbackHost } from '../../http/index.js';
export { INSTRUCTIONS_PROMPT_NAME } from './instructions-prompt.js';
export {
  createPlanMcpServer,
  type HostTool,
  type PlanMcpServer,
  type PlanMcpServerOptions,
  type ToolCallInfo,
} from './plan-mcp-server.js';
export { PLAN_RESOURCE_URI } from './plan-resource.js';
export { type HttpHandle, type HttpServeOptions, serveHttp } from './serve-http.js';
export { type StdioHandle, type StdioServeOptions, serveStdio } from './serve-stdio.js';
export { PLAN_TOOL_ANNOTATIONS } from './tool-annotations.js';
export { toCallToolResult } from './tool-result.js';
