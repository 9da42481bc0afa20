/**
 * Gemini CLI's hooks (0.61.0; see test/coding-agents/gemini/PROTOCOL.md). Its events have
 * their own names: BeforeAgent is the prompt, AfterTool the tool result (a failure carries
 * `tool_response.error`), AfterAgent the stop. The neutral answer must be `{}`: an empty
 * stdout makes the CLI parse stderr instead. Sub-agents fire with the main session id and
 * nothing marking them, so Gemini gets no sub-agent scope. PreCompress `auto` fires before
 * every model turn and says nothing about a compaction; only `manual` (/compress) does, and
 * setup's matcher runs the hook for that one only (setup-edits.ts).
 */
import { toolDoneEvent, toolStartEvent } from 'plankeeper/hooks';
import type { HookAdapter, HostAnswer, KeyedEvent, ToolCall } from '../hook-adapter.js';
import { text } from '../hook-adapter.js';

const TOOL_PREFIX = 'mcp_plankeeper_';

const CONTEXT_EVENTS = new Set(['SessionStart', 'BeforeAgent', 'AfterTool']);

export const geminiAdapter: HookAdapter = {
  agent: 'gemini',

  parse(eventName, input): KeyedEvent | undefined {
    const session = text(input.session_id);
    if (!session) throw new Error(`${eventName}: the hook input has no session_id`);
    const key = { agent: 'gemini', session };
    switch (eventName) {
      case 'SessionStart':
        return { key, event: { kind: 'session-start', source: text(input.source) ?? 'startup' } };
      case 'BeforeAgent':
        return { key, event: { kind: 'prompt', text: text(input.prompt) ?? '' } };
      case 'AfterTool': {
        const tool = text(input.tool_name) ?? '';
        const response = input.tool_response as Record<string, unknown> | undefined;
        const failed = response !== null && typeof response === 'object' && response.error != null;
        return { key, event: toolDoneEvent(tool, !failed, TOOL_PREFIX) };
      }
      case 'BeforeTool': {
        const tool = text(input.tool_name) ?? '';
        return { key, event: toolStartEvent(tool, TOOL_PREFIX) };
      }
      case 'AfterAgent':
        return {
          key,
          event: {
            kind: 'stop',
            stopHookActive: input.stop_hook_active === true,
            lastMessage: text(input.prompt_response) ?? '',
          },
        };
      case 'PreCompress':
        return input.trigger === 'manual' ? { key, event: { kind: 'pre-compact' } } : undefined;
      default:
        return undefined;
    }
  },

  toolCall(eventName, input): ToolCall | undefined {
    if (eventName !== 'BeforeTool') return undefined;
    const cwd = text(input.cwd);
    return {
      tool: text(input.tool_name) ?? '',
      args: objectOf(input.tool_input),
      ...(cwd && { cwd }),
    };
  },

  format(eventName, answer: HostAnswer): string {
    // A call held for plan approval: Gemini CLI gives the model the reason as a tool error.
    if (answer.kind === 'deny' && eventName === 'BeforeTool') {
      return JSON.stringify({ decision: 'deny', reason: answer.reason });
    }
    if (answer.kind === 'bounce' && eventName === 'AfterAgent') {
      return JSON.stringify({ decision: 'block', reason: answer.reason });
    }
    if (answer.kind === 'context' && CONTEXT_EVENTS.has(eventName)) {
      return JSON.stringify({
        hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.text },
      });
    }
    // For the person, never the model (headless: on stderr, "Hook system message: …").
    if (answer.kind === 'notice') return JSON.stringify({ systemMessage: answer.text });
    return '{}';
  },
};

function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
