/**
 * Claude Code's hooks (2.1.328; see test/coding-agents/claude-code/README.md): the input is
 * one JSON object on stdin, the answer one of the two forms in claude-style-hooks.ts.
 * Inside a sub-agent every event carries `agent_id`: its plan is the scope [agent_id].
 * A failed call (an MCP `isError` result too) arrives as PostToolUseFailure.
 * PreToolUse records the plan key of plankeeper's own tool uses for the MCP server
 * (tool-use-keys.ts); with `--approval` (setup registers it for every tool then) it also
 * denies other tools while the plan waits for a person's approval.
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
import { text } from '../discipline/hook-input.js';
import { toolUseRecord } from './tool-use-keys.js';

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
    switch (eventName) {
      case 'PostToolUse':
      case 'PostToolUseFailure':
        return toolDone(key, input, eventName === 'PostToolUse');
      case 'PreToolUse':
        return toolStart(key, input);
      case 'SubagentStop':
        return text(input.agent_id) ? { key, event: stopEvent('subagent-stop', input) } : undefined;
      default:
        return sharedEvent(key, eventName, input, 'prompt_id');
    }
  },

  record(eventName, input) {
    // Only plankeeper's own calls reach its MCP server: with --approval PreToolUse runs for
    // every tool, and recording the others would write to the store for nothing.
    if (eventName !== 'PreToolUse' || !text(input.tool_name)?.startsWith('mcp__plankeeper__'))
      return undefined;
    return toolUseRecord(input);
  },

  format(eventName, answer: NeutralAnswer): string {
    if (answer.kind === 'block' && (eventName === 'Stop' || eventName === 'SubagentStop')) {
      // A refused stop as the Stop event's additionalContext: Claude Code hands it to the model
      // once, as feedback, and goes on. `{"decision": "block"}` put the reason in twice, once
      // as a "blocking error from command" naming this machine's node, bin and store paths.
      return JSON.stringify({
        hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.reason },
      });
    }
    return formatAnswer(eventName, answer, CONTEXT_EVENTS);
  },
};
