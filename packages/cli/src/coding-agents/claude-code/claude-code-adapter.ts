/**
 * Claude Code's hooks (2.1.328; see test/coding-agents/claude-code/README.md): the input is
 * one JSON object on stdin; context goes back as `hookSpecificOutput.additionalContext`, a
 * refused stop as `{"decision": "block", "reason"}`, and an empty stdout changes nothing.
 * Inside a sub-agent every event carries `agent_id`: its plan is the scope [agent_id].
 */
import type { PlanKey } from 'plankeeper';
import {
  type HookAdapter,
  isPlanWriteTool,
  type KeyedEvent,
  type NeutralAnswer,
} from '../discipline/events.js';

const TOOL_PREFIX = 'mcp__plankeeper__';

/** Events whose answer may carry additionalContext. */
const CONTEXT_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
]);
const STOP_EVENTS = new Set(['Stop', 'SubagentStop']);

export const claudeCodeAdapter: HookAdapter = {
  agent: 'claude-code',

  parse(eventName, input): KeyedEvent | undefined {
    const session = text(input.session_id);
    if (!session) throw new Error(`${eventName}: the hook input has no session_id`);
    const agentId = text(input.agent_id);
    const key: PlanKey = {
      agent: 'claude-code',
      session,
      ...(agentId && { scope: [agentId] }),
    };
    switch (eventName) {
      case 'SessionStart':
        return { key, event: { kind: 'session-start', source: text(input.source) ?? 'startup' } };
      case 'UserPromptSubmit': {
        const turn = text(input.prompt_id);
        return {
          key,
          event: { kind: 'prompt', text: text(input.prompt) ?? '', ...(turn && { turn }) },
        };
      }
      case 'PostToolUse':
      case 'PostToolUseFailure': {
        const tool = text(input.tool_name) ?? '';
        return {
          key,
          event: {
            kind: 'tool-done',
            tool,
            ok: eventName === 'PostToolUse',
            isPlanWrite: isPlanWriteTool(tool, TOOL_PREFIX),
          },
        };
      }
      case 'Stop':
        return { key, event: stopEvent('stop', input) };
      case 'SubagentStart':
        return agentId ? { key, event: { kind: 'subagent-start', agentId } } : undefined;
      case 'SubagentStop':
        return agentId ? { key, event: stopEvent('subagent-stop', input) } : undefined;
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

function stopEvent(kind: 'stop' | 'subagent-stop', input: Record<string, unknown>) {
  return {
    kind,
    stopHookActive: input.stop_hook_active === true,
    lastMessage: text(input.last_assistant_message) ?? '',
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
