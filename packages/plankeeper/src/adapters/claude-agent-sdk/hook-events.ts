/**
 * The Claude Agent SDK's hook callbacks speak Claude Code's hook format (the SDK runs Claude
 * Code 2.1), read and written by the core's hooks/claude-hook-format.ts as Claude Code's own
 * command hooks are. Here: the SDK's names for it, and its session's plan key.
 */

import type { PlanKey } from '../../engine/plan-key.js';
import type { HostAnswer, HostEvent } from '../../harness/rules/events.js';
import {
  CLAUDE_CODE_OUTPUT,
  CLAUDE_HOOK_EVENTS,
  CLAUDE_TOOL_PREFIX,
  claudeHookEvent,
  claudeHookOutput,
  claudePlanKey,
} from '../../hooks/claude-hook-format.js';
import type { HookEvent, HookInput, SyncHookJSONOutput } from './sdk-types.js';

/** The SDK names the tools of the MCP server `plankeeper` `mcp__plankeeper__<tool>`. */
export const TOOL_PREFIX = CLAUDE_TOOL_PREFIX;

/** The events plankeeper answers, each with the rules' event it stands for. */
export const PLAN_HOOK_EVENTS = CLAUDE_HOOK_EVENTS satisfies readonly HookEvent[];

export type PlanHookEvent = (typeof PLAN_HOOK_EVENTS)[number];

/**
 * The plan of one hook call: `key` when the host gave one, else the SDK session's; a
 * sub-agent's events go one scope below it, `[agent_id]`, as in Claude Code's hooks.
 */
export function planKeyOf(input: HookInput, key: PlanKey | undefined): PlanKey {
  return claudePlanKey(
    input as unknown as Record<string, unknown>,
    key ?? { agent: 'claude-agent-sdk', session: input.session_id },
  );
}

/** The rules' event of one hook input; undefined for an event the rules have nothing for. */
export function hostEventOf(input: HookInput): HostEvent | undefined {
  return claudeHookEvent(
    input.hook_event_name,
    input as unknown as Record<string, unknown>,
    'prompt_id',
  );
}

/**
 * The callback's answer for the rules' `answer` to `event`; `{}` changes nothing. A notice
 * for the person (a check still failing after the refusals) lets the answer through and
 * goes out as the `systemMessage`, which the SDK shows the person and not the model.
 */
export function hookOutputOf(event: string, answer: HostAnswer): SyncHookJSONOutput {
  if (answer.kind === 'notice') return { systemMessage: answer.text };
  return claudeHookOutput(event, answer, CLAUDE_CODE_OUTPUT) as SyncHookJSONOutput;
}
