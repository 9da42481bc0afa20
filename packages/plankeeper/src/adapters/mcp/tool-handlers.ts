/**
 * Installs the tool handlers: tools/list with our exact JSON Schemas, and tools/call for
 * the plan tools (plan-tool-call.ts) and the host's own tools (host-tools.ts).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Locale } from '../../locale/locale.js';
import { createPlanTools } from '../../tools/plan-tools.js';
import type { ToolDefinition } from '../../tools/tool.js';
import { toolFamilyOf } from '../../tools/tool-family.js';
import { callHostTool, hostToolNamed } from './host-tools.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';
import { createPlanToolCaller } from './plan-tool-call.js';
import { RawCallToolRequestSchema } from './raw-call-request.js';
import type { ServerKeys } from './server-keys.js';
import { PLAN_TOOL_ANNOTATIONS } from './tool-annotations.js';

export function setToolRequestHandlers(
  server: Server,
  options: PlanMcpServerOptions,
  locale: Locale,
  keys: ServerKeys,
): void {
  const tools = createPlanTools({
    engine: options.engine,
    locale,
    tools: toolFamilyOf(options, 'both'),
    ...(options.echoPlan !== undefined && { echoPlan: options.echoPlan }),
    ...(options.dependencies && { dependencies: options.dependencies }),
  });
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => listedTool(tool, options.toolMeta)),
  }));

  const callPlanTool = createPlanToolCaller(options, locale, keys);
  server.setRequestHandler(RawCallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const tool = toolsByName.get(name);
    const hostTool = tool ? undefined : hostToolNamed(options.hostTools, name);
    if (hostTool) return callHostTool(hostTool, name, request.params.arguments);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(name)}; available: ${tools.map((each) => each.name).join(', ')}.`,
      );
    }
    return callPlanTool(tool, {
      name,
      arguments: request.params.arguments,
      meta: request.params._meta as Record<string, unknown> | undefined,
      requestId: extra.requestId,
      signal: extra.signal,
    });
  });
}

function listedTool(tool: ToolDefinition, toolMeta: PlanMcpServerOptions['toolMeta']): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    ...(PLAN_TOOL_ANNOTATIONS[tool.name] && { annotations: PLAN_TOOL_ANNOTATIONS[tool.name] }),
    ...(toolMeta && { _meta: { ...toolMeta } }),
  };
}
