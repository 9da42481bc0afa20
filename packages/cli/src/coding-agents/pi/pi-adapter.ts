/**
 * Pi's events as plankeeper's neutral events. Pi has no hook commands: its extension
 * (extension/) answers in Pi's own process. This adapter reads one of those events written as
 * JSON (the event's own fields, plus `session_id`: Pi's session), so `plankeeper hook pi
 * <event>` answers it as every agent's hook does, and the extension's tool guard reads a call
 * the same way. Answers are the shapes Pi takes from a handler: a `before_agent_start`
 * message, a `tool_call` block, and for `agent_end` the user message the extension sends.
 */
import { ALL_PLAN_TOOL_NAMES, isPlanWriteToolName } from 'plankeeper/hooks';
import type { HookAdapter, HostAnswer, KeyedEvent, ToolCall } from '../hook-adapter.js';
import { text } from '../hook-adapter.js';
import { lastAnswer } from './extension/pi-messages.js';

/**
 * The events the extension answers with the rules, besides `context` (the plan section before
 * each model call, which only a host with the whole conversation can add); `tool_call` only
 * with --approval or --plan-file.
 */
export const PI_EVENTS = [
  'before_agent_start',
  'tool_result',
  'agent_end',
  'session_compact',
] as const;

/**
 * The extension sets it in Pi's process to Pi's session, so what Pi starts (`plankeeper mcp
 * --for pi` from an MCP extension) keys its plans by that session.
 */
export const PI_SESSION_ENV = 'PLANKEEPER_PI_SESSION';

export const piAdapter: HookAdapter = {
  agent: 'pi',

  parse(eventName, input): KeyedEvent | undefined {
    const session = text(input.session_id);
    if (!session) throw new Error(`${eventName}: the event has no session_id`);
    const key = { agent: 'pi', session };
    const tool = text(input.toolName) ?? '';
    switch (eventName) {
      case 'before_agent_start':
        return { key, event: { kind: 'prompt', text: text(input.prompt) ?? '' } };
      case 'tool_call':
        return { key, event: { kind: 'tool-start', tool, isPlanTool: isPlanTool(tool) } };
      case 'tool_result': {
        const ok = input.isError !== true;
        const isPlanWrite = isPlanWriteToolName(tool, '');
        return {
          key,
          event: { kind: 'tool-done', tool, ok, isPlanWrite, isPlanTool: isPlanTool(tool) },
        };
      }
      case 'agent_end': {
        const lastMessage = lastAnswer(Array.isArray(input.messages) ? input.messages : []);
        return { key, event: { kind: 'stop', stopHookActive: false, lastMessage } };
      }
      case 'session_compact':
        return { key, event: { kind: 'pre-compact' } };
      default:
        return undefined;
    }
  },

  toolCall(eventName, input): ToolCall | undefined {
    if (eventName !== 'tool_call') return undefined;
    const args = input.input;
    const cwd = text(input.cwd);
    return {
      tool: text(input.toolName) ?? '',
      args: args !== null && typeof args === 'object' ? (args as Record<string, unknown>) : {},
      ...(cwd && { cwd }),
    };
  },

  format(eventName, answer: HostAnswer): string {
    if (answer.kind === 'deny' && eventName === 'tool_call') {
      return JSON.stringify({ block: true, reason: answer.reason });
    }
    if (answer.kind === 'bounce' && eventName === 'agent_end') {
      return JSON.stringify({ sendUserMessage: answer.reason });
    }
    if (answer.kind === 'context') {
      return JSON.stringify({ message: { customType: 'plankeeper', content: answer.text } });
    }
    if (answer.kind === 'notice') return JSON.stringify({ notify: answer.text });
    return '';
  },
};

/** Pi names plankeeper's tools as they are (`todo_write`). */
function isPlanTool(tool: string): boolean {
  return ALL_PLAN_TOOL_NAMES.includes(tool);
}
