/**
 * Codex's hooks (0.171.0; see test/coding-agents/codex/PROTOCOL.md). The input is Claude
 * Code's shape; the output must match the event's schema exactly, because one unknown field
 * makes Codex ignore the whole answer, so only these two forms are ever printed:
 * `{"hookSpecificOutput": {"hookEventName", "additionalContext"}}` and, on Stop and
 * SubagentStop, `{"decision": "block", "reason"}`. Empty stdout changes nothing.
 * Codex has no failure event: a failed MCP call arrives as PostToolUse with `isError`.
 */
import type { PlanKey } from 'plankeeper';
import {
  type HookAdapter,
  isPlanWriteTool,
  type KeyedEvent,
  type NeutralAnswer,
} from '../discipline/events.js';

const TOOL_PREFIX = 'mcp__plankeeper__';

const CONTEXT_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'SubagentStart',
]);
const STOP_EVENTS = new Set(['Stop', 'SubagentStop']);

export const codexAdapter: HookAdapter = {
  agent: 'codex',

  parse(eventName, input): KeyedEvent | undefined {
    const session = text(input.session_id);
    if (!session) throw new Error(`${eventName}: the hook input has no session_id`);
    // A sub-agent's thread id: the MCP server sees it as _meta.threadId (see mcp-keying).
    const agentId = text(input.agent_id);
    const key: PlanKey = { agent: 'codex', session, ...(agentId && { scope: [agentId] }) };
    switch (eventName) {
      case 'SessionStart':
        return { key, event: { kind: 'session-start', source: text(input.source) ?? 'startup' } };
      case 'UserPromptSubmit': {
        const turn = text(input.turn_id);
        return {
          key,
          event: { kind: 'prompt', text: text(input.prompt) ?? '', ...(turn && { turn }) },
        };
      }
      case 'PostToolUse': {
        const tool = text(input.tool_name) ?? '';
        const response = input.tool_response as { isError?: unknown } | undefined;
        return {
          key,
          event: {
            kind: 'tool-done',
            tool,
            ok: !(response !== null && typeof response === 'object' && response.isError === true),
            isPlanWrite: isPlanWriteTool(tool, TOOL_PREFIX),
          },
        };
      }
      case 'Stop':
      case 'SubagentStop':
        return {
          key,
          event: {
            kind: eventName === 'Stop' ? 'stop' : 'subagent-stop',
            stopHookActive: input.stop_hook_active === true,
            lastMessage: text(input.last_assistant_message) ?? '',
          },
        };
      case 'SubagentStart':
        return agentId ? { key, event: { kind: 'subagent-start', agentId } } : undefined;
      case 'PreCompact':
        return { key, event: { kind: 'pre-compact' } };
      default:
        return undefined;
    }
  },

  format(eventName, answer: NeutralAnswer): string {
    if (answer.kind === 'block' && STOP_EVENTS.has(eventName)) {
      return JSON.stringify({ decision: 'block', reason: answer.reason });
    }
    if (answer.kind === 'context' && CONTEXT_EVENTS.has(eventName)) {
      return JSON.stringify({
        hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.text },
      });
    }
    return '';
  },
};

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
