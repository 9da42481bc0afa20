/**
 * What Claude Code's and Codex's hooks share: Codex takes Claude Code's input shape and
 * answers in the same two forms. The plan key is the session's, with a sub-agent's
 * `agent_id` as its scope; a stop carries `stop_hook_active` and the last message; context
 * goes back as `hookSpecificOutput.additionalContext` and a refused stop as
 * `{"decision": "block", "reason"}` — nothing else, since Codex ignores an answer with any
 * field its schema lacks. An empty stdout changes nothing.
 */
import type { PlanKey } from 'plankeeper';
import type { NeutralAnswer } from '../discipline/events.js';
import { text } from '../discipline/hook-input.js';

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

/** The answer for `eventName`, where `contextEvents` are the events that accept context. */
export function formatAnswer(
  eventName: string,
  answer: NeutralAnswer,
  contextEvents: ReadonlySet<string>,
): string {
  if (answer.kind === 'block' && STOP_EVENTS.has(eventName)) {
    return JSON.stringify({ decision: 'block', reason: answer.reason });
  }
  if (answer.kind === 'context' && contextEvents.has(eventName)) {
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: eventName, additionalContext: answer.text },
    });
  }
  return '';
}
