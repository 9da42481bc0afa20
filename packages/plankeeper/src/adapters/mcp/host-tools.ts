/**
 * Tools the host calls itself and its model never sees (`hostTools`): no key, no plan
 * rules around them, and a handler that throws gives an error result.
 */
import { isRecord } from './is-record.js';
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
    const text = await tool(isRecord(args) ? args : {});
    return { content: text === '' ? [] : [{ type: 'text' as const, text }] };
  } catch (error) {
    return failedCallResult(name, error);
  }
}
