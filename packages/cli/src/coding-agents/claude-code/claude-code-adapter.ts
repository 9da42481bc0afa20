/**
 * Claude Code's hooks (2.1.328; see test/coding-agents/claude-code/README.md): the input is
 * one JSON object on stdin, the answer in Claude Code's form (the core's claude-hook-format.ts).
 * Inside a sub-agent every event carries `agent_id`: its plan is the scope [agent_id].
 * A failed call (an MCP `isError` result too) arrives as PostToolUseFailure.
 * PreToolUse records the plan key of plankeeper's own tool uses for the MCP server
 * (tool-use-keys.ts); with `--approval` (setup registers it for every tool then) it also
 * denies other tools while the plan waits for a person's approval.
 */
import { CLAUDE_CODE_OUTPUT, CLAUDE_TOOL_PREFIX } from 'plankeeper/hooks';
import {
  claudeStyleEvent,
  claudeStyleToolCall,
  formatAnswer,
} from '../claude-style/claude-style-hooks.js';
import type { HookAdapter, HostAnswer, KeyedEvent } from '../hook-adapter.js';
import { text } from '../hook-adapter.js';
import { toolUseRecord } from './tool-use-keys.js';

export const claudeCodeAdapter: HookAdapter = {
  agent: 'claude-code',

  parse(eventName, input): KeyedEvent | undefined {
    return claudeStyleEvent('claude-code', eventName, input, 'prompt_id');
  },

  record(eventName, input) {
    // Only plankeeper's own calls reach its MCP server: with --approval PreToolUse runs for
    // every tool, and recording the others would write to the store for nothing.
    if (eventName !== 'PreToolUse' || !text(input.tool_name)?.startsWith(CLAUDE_TOOL_PREFIX))
      return undefined;
    return toolUseRecord(input);
  },

  toolCall: claudeStyleToolCall,

  format(eventName, answer: HostAnswer): string {
    // A refused stop goes back as the Stop event's additionalContext (see CLAUDE_CODE_OUTPUT).
    return formatAnswer(eventName, answer, CLAUDE_CODE_OUTPUT);
  },
};
