/**
 * Claude Code's hook format, which three hosts speak: Claude Code's own hooks, Codex's (which
 * take Claude Code's input shape and answer in the same forms) and the Claude Agent SDK's hook
 * callbacks (the SDK runs Claude Code). An input is one object with `session_id`, `agent_id`
 * inside a sub-agent, and the event's fields; an answer carries text for the model as
 * `hookSpecificOutput.additionalContext`. This file turns an input into the rules' event and
 * the rules' answer back into an output object; each host keys the plan and prints the output
 * its own way.
 */

import type { PlanKey } from '../engine/plan-key.js';
import type { HostAnswer, HostEvent } from '../harness/rules/events.js';
import { toolDoneEvent, toolStartEvent } from './hook-tool-events.js';

/**
 * The hook events plankeeper answers in Claude Code's format: the ones setup registers with
 * Claude Code and the ones the Claude Agent SDK's callbacks are given for.
 */
export const CLAUDE_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
] as const;

export type ClaudeHookEventName = (typeof CLAUDE_HOOK_EVENTS)[number];

/** How both Claude Code and Codex name the tools of the MCP server `plankeeper`. */
export const CLAUDE_TOOL_PREFIX = 'mcp__plankeeper__';

/** A non-empty string field of a hook input, else undefined (absent, empty or not text). */
export function hookText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The plan of one hook input below the host's key for its session: a sub-agent's events
 * (`agent_id`) go one scope below it, `[agent_id]`.
 */
export function claudePlanKey(input: Record<string, unknown>, session: PlanKey): PlanKey {
  const agentId = hookText(input.agent_id);
  if (agentId === undefined) return session;
  return { ...session, scope: [...(session.scope ?? []), agentId] };
}

/**
 * The rules' event of one hook input; undefined for an event the rules have nothing for, or a
 * sub-agent's end that names no sub-agent. `turnField` is the field with the host's id of a
 * user turn (Claude Code `prompt_id`, Codex `turn_id`). A failed call is PostToolUseFailure,
 * or (Codex, which has no failure event) a PostToolUse whose response says `isError`.
 */
export function claudeHookEvent(
  eventName: string,
  input: Record<string, unknown>,
  turnField: string,
): HostEvent | undefined {
  const tool = hookText(input.tool_name) ?? '';
  switch (eventName) {
    case 'SessionStart':
      return { kind: 'session-start', source: hookText(input.source) ?? 'startup' };
    case 'UserPromptSubmit': {
      const turn = hookText(input[turnField]);
      return { kind: 'prompt', text: hookText(input.prompt) ?? '', ...(turn && { turn }) };
    }
    case 'PreToolUse':
      return toolStartEvent(tool, CLAUDE_TOOL_PREFIX);
    case 'PostToolUse':
      return toolDoneEvent(tool, !isErrorResponse(input.tool_response), CLAUDE_TOOL_PREFIX);
    case 'PostToolUseFailure':
      return toolDoneEvent(tool, false, CLAUDE_TOOL_PREFIX);
    case 'Stop':
    case 'SubagentStop': {
      if (eventName === 'SubagentStop' && !hookText(input.agent_id)) return undefined;
      return {
        kind: eventName === 'Stop' ? 'stop' : 'subagent-stop',
        stopHookActive: input.stop_hook_active === true,
        lastMessage: hookText(input.last_assistant_message) ?? '',
      };
    }
    case 'SubagentStart': {
      const agentId = hookText(input.agent_id);
      return agentId ? { kind: 'subagent-start', agentId } : undefined;
    }
    case 'PreCompact':
      return { kind: 'pre-compact' };
    default:
      return undefined;
  }
}

function isErrorResponse(response: unknown): boolean {
  return (
    response !== null &&
    typeof response === 'object' &&
    (response as { isError?: unknown }).isError === true
  );
}

/** What a Claude-format output carries; `{}` changes nothing. */
export interface ClaudeHookOutput {
  decision?: 'block';
  reason?: string;
  hookSpecificOutput?: {
    hookEventName: string;
    additionalContext?: string;
    permissionDecision?: 'deny';
    permissionDecisionReason?: string;
  };
}

export interface ClaudeHookOutputOptions {
  /** The events whose output may carry text for the model. */
  contextEvents: ReadonlySet<string>;
  /**
   * How a refused stop goes back: as the Stop event's `additionalContext` (Claude Code
   * 2.1.163+ and its SDK: the model reads it once, as feedback), or as `{"decision": "block",
   * "reason"}` (Codex, whose Stop output has no additionalContext).
   */
  refusedStop: 'context' | 'decision';
}

/**
 * Claude Code's outputs (2.1.328, and the Claude Agent SDK that runs it): text for the model
 * on these events, and a refused stop as feedback, said once. `{"decision": "block"}` put the
 * reason in twice, once as a "blocking error from command" naming the hook's command line.
 */
export const CLAUDE_CODE_OUTPUT: ClaudeHookOutputOptions = {
  contextEvents: new Set([
    'SessionStart',
    'UserPromptSubmit',
    'PostToolUse',
    'PostToolUseFailure',
    'SubagentStart',
  ]),
  refusedStop: 'context',
};

/** The output for the rules' `answer` to `eventName`. */
export function claudeHookOutput(
  eventName: string,
  answer: HostAnswer,
  options: ClaudeHookOutputOptions,
): ClaudeHookOutput {
  if (answer.kind === 'bounce' && (eventName === 'Stop' || eventName === 'SubagentStop')) {
    return options.refusedStop === 'context'
      ? { hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.reason } }
      : { decision: 'block', reason: answer.reason };
  }
  if (answer.kind === 'deny' && eventName === 'PreToolUse') {
    // The call does not run; the model reads the reason as the tool's result.
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: answer.reason,
      },
    };
  }
  if (answer.kind === 'context' && options.contextEvents.has(eventName)) {
    return { hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.text } };
  }
  return {};
}
