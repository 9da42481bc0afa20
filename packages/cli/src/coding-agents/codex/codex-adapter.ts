/**
 * Codex's hooks (0.171.0; see test/coding-agents/codex/PROTOCOL.md). The input is Claude
 * Code's shape and the answer one of the same two forms (claude-style-hooks.ts); the output
 * must match the event's schema exactly, because one unknown field makes Codex ignore the
 * whole answer. Codex has no failure event: a failed MCP call arrives as PostToolUse with
 * `isError`.
 */
import { formatAnswer, sessionKey, stopEvent } from '../claude-style/claude-style-hooks.js';
import {
  type HookAdapter,
  isPlanWriteTool,
  type KeyedEvent,
  type NeutralAnswer,
} from '../discipline/events.js';
import { text } from '../discipline/hook-input.js';

const TOOL_PREFIX = 'mcp__plankeeper__';

const CONTEXT_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'SubagentStart',
]);

export const codexAdapter: HookAdapter = {
  agent: 'codex',

  parse(eventName, input): KeyedEvent | undefined {
    // A sub-agent's thread id: the MCP server sees it as _meta.threadId (see mcp-keying).
    const key = sessionKey('codex', eventName, input);
    const agentId = text(input.agent_id);
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
        return { key, event: stopEvent(eventName === 'Stop' ? 'stop' : 'subagent-stop', input) };
      case 'SubagentStart':
        return agentId ? { key, event: { kind: 'subagent-start', agentId } } : undefined;
      case 'PreCompact':
        return { key, event: { kind: 'pre-compact' } };
      default:
        return undefined;
    }
  },

  format(eventName, answer: NeutralAnswer): string {
    return formatAnswer(eventName, answer, CONTEXT_EVENTS);
  },
};
