/**
 * The Claude Agent SDK's hook callbacks speak Claude Code's hook format (the SDK runs Claude
 * Code 2.1): an input object with `session_id`, `agent_id` inside a sub-agent, and the
 * event's fields; an answer whose `hookSpecificOutput` carries the text for the model. This
 * file turns one into the rules' host event and the rules' answer back into the other.
 */

import type { PlanKey } from '../../engine/plan-key.js';
import type { HostAnswer, HostEvent } from '../../harness/rules/events.js';
import { PLAN_WRITE_TOOL_NAMES } from '../../tools/plan-tools.js';
import type { HookEvent, HookInput, SyncHookJSONOutput } from './sdk-types.js';

/** The SDK names the tools of the MCP server `plankeeper` `mcp__plankeeper__<tool>`. */
export const TOOL_PREFIX = 'mcp__plankeeper__';

/** The events plankeeper answers, each with the rules' event it stands for. */
export const PLAN_HOOK_EVENTS = [
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'SessionStart',
] as const satisfies readonly HookEvent[];

export type PlanHookEvent = (typeof PLAN_HOOK_EVENTS)[number];

/** Text of a field of the hook input, or undefined when absent or empty. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The sub-agent's scope name, for an event fired inside one. */
export function subAgentOf(input: HookInput): string | undefined {
  return text(input.agent_id);
}

/**
 * The plan of one hook call: `key` when the host gave one, else the SDK session's; a
 * sub-agent's events go one scope below it, `[agent_id]`, as in Claude Code's hooks.
 */
export function planKeyOf(input: HookInput, key: PlanKey | undefined): PlanKey {
  const base: PlanKey = key ?? { agent: 'claude-agent-sdk', session: input.session_id };
  const agentId = subAgentOf(input);
  if (agentId === undefined) return base;
  return { ...base, scope: [...(base.scope ?? []), agentId] };
}

/** The rules' event of one hook input; undefined for an event the rules have nothing for. */
export function hostEventOf(input: HookInput): HostEvent | undefined {
  switch (input.hook_event_name) {
    case 'UserPromptSubmit':
      return {
        kind: 'prompt',
        text: input.prompt,
        ...(text(input.prompt_id) && { turn: input.prompt_id }),
      };
    case 'PreToolUse':
      return {
        kind: 'tool-start',
        tool: input.tool_name,
        isPlanTool: input.tool_name.startsWith(TOOL_PREFIX),
      };
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return {
        kind: 'tool-done',
        tool: input.tool_name,
        ok: input.hook_event_name === 'PostToolUse',
        isPlanWrite: PLAN_WRITE_TOOL_NAMES.some((name) => input.tool_name === TOOL_PREFIX + name),
        isPlanTool: input.tool_name.startsWith(TOOL_PREFIX),
      };
    case 'Stop':
    case 'SubagentStop':
      return {
        kind: input.hook_event_name === 'Stop' ? 'stop' : 'subagent-stop',
        stopHookActive: input.stop_hook_active,
        lastMessage: input.last_assistant_message ?? '',
      };
    case 'SubagentStart':
      return { kind: 'subagent-start', agentId: input.agent_id };
    case 'PreCompact':
      return { kind: 'pre-compact' };
    case 'SessionStart':
      return { kind: 'session-start', source: input.source };
    default:
      return undefined;
  }
}

/** Events whose answer may carry text for the model. */
const CONTEXT_EVENTS: ReadonlySet<string> = new Set([
  'UserPromptSubmit',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
  'SessionStart',
]);

/** The callback's answer for the rules' `answer` to `event`; `{}` changes nothing. */
export function hookOutputOf(event: string, answer: HostAnswer): SyncHookJSONOutput {
  if (answer.kind === 'block' && (event === 'Stop' || event === 'SubagentStop')) {
    // A refused stop as the Stop event's additionalContext: the model reads it once, as
    // feedback, and goes on; `{decision: 'block'}` would show it as a hook error too.
    return { hookSpecificOutput: { hookEventName: event, additionalContext: answer.reason } };
  }
  if (answer.kind === 'deny' && event === 'PreToolUse') {
    // The call does not run; the model reads the reason as the tool's result.
    return {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: answer.reason,
      },
    };
  }
  if (answer.kind === 'context' && CONTEXT_EVENTS.has(event)) {
    return {
      hookSpecificOutput: {
        // One of CONTEXT_EVENTS, each of whose outputs has this shape.
        hookEventName: event as 'PostToolUse',
        additionalContext: answer.text,
      },
    };
  }
  return {};
}
