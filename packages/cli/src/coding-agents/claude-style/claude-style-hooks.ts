/**
 * What Claude Code's and Codex's hooks share: Codex takes Claude Code's input shape and
 * answers in the same two forms. The plan key is the session's, with a sub-agent's
 * `agent_id` as its scope; a stop carries `stop_hook_active` and the last message; context
 * goes back as `hookSpecificOutput.additionalContext` and a refused stop as
 * `{"decision": "block", "reason"}`, and a call held for approval as PreToolUse's
 * `permissionDecision: "deny"` — nothing else, since Codex ignores an answer with any
 * field its schema lacks. An empty stdout changes nothing.
 */
import type { PlanKey } from 'plankeeper';
import {
  isPlanTool,
  isPlanWriteTool,
  type KeyedEvent,
  type NeutralAnswer,
} from '../discipline/events.js';
import { text } from '../discipline/hook-input.js';

/** Both agents name plankeeper's MCP tools `mcp__plankeeper__<tool>`. */
const TOOL_PREFIX = 'mcp__plankeeper__';

const STOP_EVENTS = new Set(['Stop', 'SubagentStop']);

export function sessionKey(
  agent: string,
  eventName: string,
  input: Record<string, unknown>,
): PlanKey {
  const session = text(input.session_id);
  if (!session) throw new Error(`${eventName}: the hook input has no session_id`);
  const agentId = text(input.agent_id);
  return { agent, session, ...(agentId && { scope: [agentId] }) };
}

export function stopEvent(kind: 'stop' | 'subagent-stop', input: Record<string, unknown>) {
  return {
    kind,
    stopHookActive: input.stop_hook_active === true,
    lastMessage: text(input.last_assistant_message) ?? '',
  };
}

/**
 * The events both agents send alike (SessionStart, UserPromptSubmit with its turn id in
 * `turnField`, Stop, SubagentStart, PreCompact); undefined for any other event, which
 * each adapter parses itself.
 */
export function sharedEvent(
  key: PlanKey,
  eventName: string,
  input: Record<string, unknown>,
  turnField: string,
): KeyedEvent | undefined {
  switch (eventName) {
    case 'SessionStart':
      return { key, event: { kind: 'session-start', source: text(input.source) ?? 'startup' } };
    case 'UserPromptSubmit': {
      const turn = text(input[turnField]);
      return {
        key,
        event: { kind: 'prompt', text: text(input.prompt) ?? '', ...(turn && { turn }) },
      };
    }
    case 'Stop':
      return { key, event: stopEvent('stop', input) };
    case 'SubagentStart': {
      const agentId = text(input.agent_id);
      return agentId ? { key, event: { kind: 'subagent-start', agentId } } : undefined;
    }
    case 'PreCompact':
      return { key, event: { kind: 'pre-compact' } };
    default:
      return undefined;
  }
}

/** A finished tool call, `ok` as the agent reports it. */
export function toolDone(key: PlanKey, input: Record<string, unknown>, ok: boolean): KeyedEvent {
  const tool = text(input.tool_name) ?? '';
  return {
    key,
    event: { kind: 'tool-done', tool, ok, isPlanWrite: isPlanWriteTool(tool, TOOL_PREFIX) },
  };
}

/** A call about to run (PreToolUse), for plan approval. */
export function toolStart(key: PlanKey, input: Record<string, unknown>): KeyedEvent {
  const tool = text(input.tool_name) ?? '';
  return { key, event: { kind: 'tool-start', tool, isPlanTool: isPlanTool(tool, TOOL_PREFIX) } };
}

/** The answer for `eventName`, where `contextEvents` are the events that accept context. */
export function formatAnswer(
  eventName: string,
  answer: NeutralAnswer,
  contextEvents: ReadonlySet<string>,
): string {
  if (answer.kind === 'block' && STOP_EVENTS.has(eventName)) {
    return JSON.stringify({ decision: 'block', reason: answer.reason });
  }
  if (answer.kind === 'deny' && eventName === 'PreToolUse') {
    // Both agents take a denied PreToolUse as the tool's result: the call does not run.
    return JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: answer.reason,
      },
    });
  }
  if (answer.kind === 'context' && contextEvents.has(eventName)) {
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.text },
    });
  }
  return '';
}
