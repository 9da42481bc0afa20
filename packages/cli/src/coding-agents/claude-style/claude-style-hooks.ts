/**
 * What Claude Code's and Codex's command hooks share: Codex takes Claude Code's input shape
 * and answers in the same forms, read and written by the core (plankeeper/hooks,
 * claude-hook-format.ts) as the Claude Agent SDK's callbacks are. Here: the plan key, which is
 * the session's with a sub-agent's `agent_id` as its scope, and the answer as a hook process
 * prints it (one JSON line; an empty stdout changes nothing).
 */
import type { PlanKey } from 'plankeeper';
import {
  type ClaudeHookOutputOptions,
  claudeHookEvent,
  claudeHookOutput,
  claudePlanKey,
  hookText,
} from 'plankeeper/hooks';
import type { HostAnswer, KeyedEvent, ToolCall } from '../hook-adapter.js';

export function sessionKey(
  agent: string,
  eventName: string,
  input: Record<string, unknown>,
): PlanKey {
  const session = hookText(input.session_id);
  if (!session) throw new Error(`${eventName}: the hook input has no session_id`);
  return claudePlanKey(input, { agent, session });
}

/**
 * The keyed event of one hook call of `agent`; undefined for an event plankeeper has nothing
 * to do on. `turnField` names the field with the agent's id of a user turn.
 */
export function claudeStyleEvent(
  agent: string,
  eventName: string,
  input: Record<string, unknown>,
  turnField: string,
): KeyedEvent | undefined {
  const key = sessionKey(agent, eventName, input);
  const event = claudeHookEvent(eventName, input, turnField);
  return event && { key, event };
}

/**
 * What the hook prints for `answer`: the output as one JSON line, or nothing. A notice for the
 * person (a check that still fails after the refusals, or cannot start) is `systemMessage`,
 * which both agents show the person and never the model, on any event.
 */
export function formatAnswer(
  eventName: string,
  answer: HostAnswer,
  options: ClaudeHookOutputOptions,
): string {
  if (answer.kind === 'notice') return JSON.stringify({ systemMessage: answer.text });
  const output = claudeHookOutput(eventName, answer, options);
  return Object.keys(output).length === 0 ? '' : JSON.stringify(output);
}

/** The call PreToolUse is about to make: `tool_name`, `tool_input`, the session's `cwd`. */
export function claudeStyleToolCall(
  eventName: string,
  input: Record<string, unknown>,
): ToolCall | undefined {
  if (eventName !== 'PreToolUse') return undefined;
  const args = input.tool_input;
  const cwd = hookText(input.cwd);
  return {
    tool: hookText(input.tool_name) ?? '',
    args: args !== null && typeof args === 'object' ? (args as Record<string, unknown>) : {},
    ...(cwd && { cwd }),
  };
}
