/**
 * Claude Code tells its MCP server nothing of who calls: sub-agents share the connection and
 * `CLAUDE_CODE_SESSION_ID`, and after /clear the server keeps the old id. But every
 * `tools/call` carries `_meta["claudecode/toolUseId"]`, the `tool_use_id` its PreToolUse hook
 * saw just before (the hook finishes before the call is sent), with `session_id` and, in a
 * sub-agent, `agent_id`. So the PreToolUse hook records "tool use <id> → plan key" as harness
 * state in the store, and the MCP server looks each call's id up: tools and hooks then key
 * the same plan.
 *
 * A call that names a tool use is keyed by its record or not at all: when the hook could not
 * record it (a store locked past the hook's deadline), the server's own key would be the
 * main conversation's plan even for a sub-agent, whose write would replace it. So the lookup
 * waits briefly for a record written late, then refuses the call, and the model calls again.
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

/** How long a call waits for the record of the tool use it names before it is refused. */
export const TOOL_USE_RECORD_WAIT_MS = 1500;
/** The pause between two looks for that record. */
const LOOK_AGAIN_MS = 50;

/**
 * The plan key recorded for the tool use a `tools/call` names in `_meta`; undefined when it
 * names none (the server's own key then). A named tool use with no record after `waitMs`
 * throws: its plan is unknown, and no other plan may take the call.
 */
export async function recordedPlanKey(
  engine: PlanEngine,
  meta: Record<string, unknown> | undefined,
  tool = 'todo_write',
  waitMs = TOOL_USE_RECORD_WAIT_MS,
): Promise<PlanKey | undefined> {
  const id = text(meta?.[TOOL_USE_META]);
  if (!id) return undefined;
  const until = Date.now() + waitMs;
  for (;;) {
    const key = await lookUp(engine, id);
    if (key) return key;
    const left = until - Date.now();
    if (left <= 0) throw new UnrecordedToolUseError(id, tool);
    await new Promise((resolve) => setTimeout(resolve, Math.min(LOOK_AGAIN_MS, left)));
  }
}

/** A call naming a tool use whose plan key no hook recorded: refused, never keyed elsewhere. */
export class UnrecordedToolUseError extends Error {
  constructor(id: string, tool: string) {
    super(
      `no record of which plan this call is for (plankeeper's PreToolUse hook did not record tool use ${id}; the store may have been busy). Nothing was changed: call ${tool} again. If every call fails so, ask the person to run \`plankeeper setup claude-code\` again.`,
    );
    this.name = 'UnrecordedToolUseError';
  }
}

async function lookUp(engine: PlanEngine, id: string): Promise<PlanKey | undefined> {
  const state = (await engine.turnState(toolUseRecordKey(id)))?.state;
  const session = text(state?.session);
  if (!session) return undefined;
  const scope = Array.isArray(state?.scope)
    ? state.scope.filter((part): part is string => text(part) !== undefined)
    : [];
  return { agent: 'claude-code', session, ...(scope.length > 0 && { scope }) };
}
