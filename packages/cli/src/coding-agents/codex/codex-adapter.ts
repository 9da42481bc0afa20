/**
 * Codex's hooks (0.171.0; see test/coding-agents/codex/PROTOCOL.md). The input is Claude
 * Code's shape and the answer one of the same two forms (claude-style-hooks.ts); the output
 * must match the event's schema exactly, because one unknown field makes Codex ignore the
 * whole answer. Codex has no failure event: a failed MCP call arrives as PostToolUse with
 * `isError`.
 */
import {
  formatAnswer,
  sessionKey,
  sharedEvent,
  stopEvent,
  toolDone,
  toolStart,
} from '../claude-style/claude-style-hooks.js';
import type { HookAdapter, KeyedEvent, NeutralAnswer } from '../discipline/events.js';

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
    switch (eventName) {
      case 'PostToolUse': {
        const response = input.tool_response as { isError?: unknown } | undefined;
        const failed =
          response !== null && typeof response === 'object' && response.isError === true;
        return toolDone(key, input, !failed);
      }
      case 'PreToolUse':
        return toolStart(key, input);
      case 'SubagentStop':
        return { key, event: stopEvent('subagent-stop', input) };
      default:
        return sharedEvent(key, eventName, input, 'turn_id');
    }
  },

  format(eventName, answer: NeutralAnswer): string {
    return formatAnswer(eventName, answer, CONTEXT_EVENTS);
  },
};
