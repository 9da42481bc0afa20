/**
 * Our tool result in MCP's shape. A rejected call is a model mistake, so it becomes an
 * `isError` result carrying the correction, never a JSON-RPC error the model cannot read.
 *
 * The text is what the model must read. Some hosts (Claude Code, Codex) hand the model
 * `structuredContent` instead of the text whenever it is present, so the structured data
 * is sent only to clients that asked for it (`structuredContent: true` on the server).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { planFileProblemOf } from '../../engine/store/plan-file-problem.js';
import type { Locale } from '../../locale/locale.js';
import type { ToolResult } from '../../tools/tool.js';
import { isRecord } from './is-record.js';

export function toCallToolResult(
  result: ToolResult,
  options: { structuredContent?: boolean } = {},
): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: result.text }];
  if (!result.ok) return { content, isError: true };
  return options.structuredContent && isRecord(result.data)
    ? { content, structuredContent: result.data }
    : { content };
}

/** A tool that threw (a store outage, say): still a readable result, not a dropped call. */
export function failedCallResult(tool: string, error: unknown, locale?: Locale): CallToolResult {
  // A plan file's refusal in the server's language; anything else as the error says it.
  const problem = planFileProblemOf(error);
  const reason =
    problem && locale
      ? locale.planFile.refusal(problem)
      : error instanceof Error
        ? error.message
        : String(error);
  return { content: [{ type: 'text', text: `${tool} failed: ${reason}` }], isError: true };
}
