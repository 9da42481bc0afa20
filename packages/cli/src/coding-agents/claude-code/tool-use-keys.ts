/**
 * Claude Code tells its MCP server nothing of who calls: sub-agents share the connection and
 * `CLAUDE_CODE_SESSION_ID`, and after /clear the server keeps the old id. But every
 * `tools/call` carries `_meta["claudecode/toolUseId"]`, the `tool_use_id` its PreToolUse hook
 * saw just before (the hook finishes before the call is sent), with `session_id` and, in a
 * sub-agent, `agent_id`. So the PreToolUse hook records "tool use <id> → plan key" as harness
 * state in the store, and the MCP server looks each call's id up: tools and hooks then key
 * the same plan.
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import { sessionKey } from '../claude-style/claude-style-hooks.js';
import type { HookRecord } from '../discipline/events.js';
import { text } from '../discipline/hook-input.js';

/** The `_meta` field of a `tools/call` that names the tool use. */
export const TOOL_USE_META = 'claudecode/toolUseId';

/**
 * How long a record lives. The call follows its PreToolUse within milliseconds; the margin
 * covers a permission prompt a person answers late. Expired records are purged by the store.
 */
export const TOOL_USE_RECORD_TTL_MS = 60 * 60_000;

/** Where the plan key of tool use `id` is recorded (a state only, never a plan). */
export function toolUseRecordKey(id: string): PlanKey {
  return { agent: 'claude-code', session: `tool-use:${id}` };
}

/** The record a PreToolUse hook input asks for; undefined without a tool use id. */
export function toolUseRecord(input: Record<string, unknown>): HookRecord | undefined {
  const id = text(input.tool_use_id);
  if (!id) return undefined;
  const { session, scope } = sessionKey('claude-code', 'PreToolUse', input);
  return {
    key: toolUseRecordKey(id),
    state: { session, ...(scope && { scope }) },
    ttlMs: TOOL_USE_RECORD_TTL_MS,
  };
}

/** The plan key recorded for the tool use a `tools/call` names in `_meta`, if any. */
export async function recordedPlanKey(
  engine: PlanEngine,
  meta: Record<string, unknown> | undefined,
): Promise<PlanKey | undefined> {
  const id = text(meta?.[TOOL_USE_META]);
  if (!id) return undefined;
  const state = (await engine.turnState(toolUseRecordKey(id)))?.state;
  const session = text(state?.session);
  if (!session) return undefined;
  const scope = Array.isArray(state?.scope)
    ? state.scope.filter((part): part is string => text(part) !== undefined)
    : [];
  return { agent: 'claude-code', session, ...(scope.length > 0 && { scope }) };
}
