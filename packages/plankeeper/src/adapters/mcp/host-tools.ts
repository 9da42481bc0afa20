/**
 * Tools the host calls itself and its model never sees (`hostTools`): no key, no plan
 * rules around them, and a handler that throws gives an error result.
 */
import type { HostTool, PlanMcpServerOptions } from './plan-mcp-server-options.js';
import { failedCallResult } from './tool-result.js';

export function hostToolNamed(
  tools: PlanMcpServerOptions['hostTools'],
  name: string,
): HostTool | undefined {
  return tools !== undefined && Object.hasOwn(tools, name) ? tools[name] : undefined;
}

export async function callHostTool(tool: HostTool, name: string, args: unknown) {
  try {
    const object =
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? (args as Record<string, unknown>)
        : {};
    const text = await tool(object);
    return { content: text === '' ? [] : [{ type: 'text' as const, text }] };
  } catch (error) {
    return failedCallResult(name, error);
  }
}
