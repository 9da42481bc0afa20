/**
 * One MCP server per connection, serving the plan tools over the low-level SDK `Server`
 * so clients see exactly our JSON Schemas (the high-level `registerTool` would re-derive
 * them from zod and answer bad arguments with its own messages instead of ours).
 *
 * Assembled from one installer per concern, as the SDK's own `McpServer` is: tools
 * (tool-handlers.ts), resources (resource-handlers.ts), prompts (prompt-handlers.ts).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { defaultInstructions } from '../../harness/instructions.js';
import { getLocale } from '../../locale/index.js';
import { setCloseHandler } from './close-handler.js';
import { packageVersion } from './package-version.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';
import { setPromptRequestHandlers } from './prompt-handlers.js';
import { setResourceRequestHandlers } from './resource-handlers.js';
import { serverKeys } from './server-keys.js';
import { setToolRequestHandlers } from './tool-handlers.js';

export type { HostTool, PlanMcpServerOptions, ToolCallInfo } from './plan-mcp-server-options.js';

/** An SDK `Server` that also knows which plan it serves. */
export type PlanMcpServer = Server & { readonly planKey: PlanKey };

/** Creates the server for one connection; connect it to a transport with `server.connect()`. */
export function createPlanMcpServer(options: PlanMcpServerOptions): PlanMcpServer {
  const localeId = options.locale ?? 'en';
  const locale = getLocale(localeId);
  const keys = serverKeys(options);
  const server = new Server(
    { name: 'plankeeper', version: packageVersion() },
    {
      capabilities: {
        tools: {},
        resources: { subscribe: true },
        prompts: {},
      },
      instructions: defaultInstructions(locale),
    },
  );
  setToolRequestHandlers(server, options, locale, keys);
  const closeResources = setResourceRequestHandlers(server, options.engine, keys.key, locale);
  setPromptRequestHandlers(server, localeId);
  setCloseHandler(server, closeResources);
  return Object.assign(server, { planKey: keys.key });
}
