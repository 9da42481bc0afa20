/**
 * Codex's hooks (0.171.0; see test/coding-agents/codex/PROTOCOL.md). The input is Claude
 * Code's shape and the answer in Claude Code's forms (the core's claude-hook-format.ts); the
 * output must match the event's schema exactly, because one unknown field makes Codex ignore
 * the whole answer. Codex has no failure event: a failed MCP call arrives as PostToolUse with
 * `isError`.
 */
import type { ClaudeHookOutputOptions } from 'plankeeper/hooks';
import {
  claudeStyleEvent,
  claudeStyleToolCall,
  formatAnswer,
} from '../claude-style/claude-style-hooks.js';
import type { HookAdapter, HostAnswer, KeyedEvent } from '../hook-adapter.js';

/** Codex's Stop output has no additionalContext: a refused stop is `{"decision": "block"}`. */
const CODEX_OUTPUT: ClaudeHookOutputOptions = {
  contextEvents: new Set(['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'SubagentStart']),
  refusedStop: 'decision',
};

export const codexAdapter: HookAdapter = {
  agent: 'codex',

  parse(eventName, input): KeyedEvent | undefined {
    // A sub-agent's thread id: the MCP server sees it as _meta.threadId (see mcp-keying).
    return claudeStyleEvent('codex', eventName, input, 'turn_id');
  },

  toolCall: claudeStyleToolCall,

  format(eventName, answer: HostAnswer): string {
    return formatAnswer(eventName, answer, CODEX_OUTPUT);
  },
};
