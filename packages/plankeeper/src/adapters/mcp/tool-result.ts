/**
 * Our tool result in MCP's shape. A rejected call is a model mistake, so it becomes an
 * `isError` result carrying the correction, never a JSON-RPC error the model cannot read.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '../../tools/tool.js';

export function toCallToolResult(result: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: result.text }];
  if (!result.ok) return { content, isError: true };
  return isRecord(result.data) ? { content, structuredContent: result.data } : { content };
}

/** A tool that threw (a store outage, say): still a readable result, not a dropped call. */
export function failedCallResult(tool: string, error: unknown): CallToolResult {
  const reason = error instanceof Error ? error.message : String(error);
  return { content: [{ type: 'text', text: `${tool} failed: ${reason}` }], isError: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
