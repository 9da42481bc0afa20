/**
 * Host tool calls over stdio, answered as their line is read instead of through the SDK's
 * request path. A coding agent calls its hook tool once for every tool call of its model
 * (Claude Code's mcp_tool hooks) and waits for the answer; the SDK's schema checks and request
 * bookkeeping were a large share of that wait (docs/measurements.md, section 12), and a host
 * tool uses none of them: it takes no key, no cancellation and no progress. Any other line,
 * a host tool call that is not well formed among them, goes the usual way.
 */
import { callHostTool, hostToolNamed } from './host-tools.js';
import { isRecord } from './is-record.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';

/** A tools/call request for one of `tools`, as the lane answers it. */
export interface HostToolCall {
  id: string | number;
  answer: ReturnType<typeof callHostTool>;
}

/** The call `value` (a parsed line) makes of one of `tools`, started; undefined for any other line. */
export function startHostToolCall(
  value: unknown,
  tools: PlanMcpServerOptions['hostTools'],
): HostToolCall | undefined {
  if (!isRecord(value) || value.jsonrpc !== '2.0' || value.method !== 'tools/call') return;
  const { id, params } = value;
  if (typeof id !== 'string' && typeof id !== 'number') return;
  if (!isRecord(params) || typeof params.name !== 'string') return;
  const tool = hostToolNamed(tools, params.name);
  if (!tool) return;
  return { id, answer: callHostTool(tool, params.name, params.arguments) };
}
