/**
 * Claude Code's hooks (2.1.328; see test/coding-agents/claude-code/README.md): the input is
 * one JSON object on stdin, the answer one of the two forms in claude-style-hooks.ts.
 * Inside a sub-agent every event carries `agent_id`: its plan is the scope [agent_id].
 * A failed call (an MCP `isError` result too) arrives as PostToolUseFailure.
 * PreToolUse (registered for plankeeper's own tools only) records the plan key of the tool
 * use for the MCP server (tool-use-keys.ts) and answers nothing.
 */
import { formatAnswer, sessionKey, stopEvent } from '../claude-style/claude-style-hooks.js';
import {
  type HookAdapter,
  isPlanWriteTool,
  type KeyedEvent,
  type NeutralAnswer,
} from '../discipline/events.js';
import { text } from '../discipline/hook-input.js';
import { toolUseRecord } from './tool-use-keys.js';

const TOOL_PREFIX = 'mcp__plankeeper__';

/** Events whose answer may carry additionalContext. */
const CONTEXT_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
]);

export const claudeCodeAdapter: HookAdapter = {
  agent: 'claude-code',

  parse(eventName, input): KeyedEvent | undefined {
    const key = sessionKey('claude-code', eventName, input);
    const agentId = text(input.agent_id);
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

  record(eventName, input) {
    return eventName === 'PreToolUse' ? toolUseRecord(input) : undefined;
  },

  format(eventName, answer: NeutralAnswer): string {
    return formatAnswer(eventName, answer, CONTEXT_EVENTS);
  },
};
