/**
 * Claude Code tells its MCP server nothing of who calls: sub-agents share the connection and
 * `CLAUDE_CODE_SESSION_ID`, and after /clear the server keeps the old id. But every
 * `tools/call` carries `_meta["claudecode/toolUseId"]`, the `tool_use_id` its PreToolUse hook
 * saw just before (the hook finishes before the call is sent), with `session_id` and, in a
 * sub-agent, `agent_id`. So the PreToolUse hook records "tool use <id> → plan key" in the
 * store, and the MCP server looks each call's id up: tools and hooks then key the same plan.
 * The lookup is the core's tool-use keys (plankeeper/hooks) over the store, since each hook
 * is a process of its own.
 *
 * A call that names a tool use is keyed by its record or not at all: when the hook could not
 * record it (a store locked past the hook's deadline), the server's own key would be the
 * main conversation's plan even for a sub-agent, whose write would replace it. So the lookup
 * waits briefly for a record written late, then refuses the call, and the model calls again.
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import {
  toolUseRecordKey as hookToolUseRecordKey,
  storedToolUseRecords,
  TOOL_USE_META,
  TOOL_USE_RECORD_TTL_MS,
  ToolUseKeys,
  toolUseRecord as toolUseRecordOf,
} from 'plankeeper/hooks';
import { sessionKey } from '../claude-style/claude-style-hooks.js';
import type { HookRecord } from '../hook-adapter.js';
import { text } from '../hook-adapter.js';

export { TOOL_USE_META, TOOL_USE_RECORD_TTL_MS };

/** Where the plan key of tool use `id` is recorded (a state only, never a plan). */
export function toolUseRecordKey(id: string): PlanKey {
  return hookToolUseRecordKey('claude-code', id);
}

/** The record a PreToolUse hook input asks for; undefined without a tool use id. */
export function toolUseRecord(input: Record<string, unknown>): HookRecord | undefined {
  const id = text(input.tool_use_id);
  if (!id) return undefined;
  return toolUseRecordOf('claude-code', id, sessionKey('claude-code', 'PreToolUse', input));
}

/** How long a call waits for the record of the tool use it names before it is refused. */
export const TOOL_USE_RECORD_WAIT_MS = 1500;

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
  const keys = new ToolUseKeys(storedToolUseRecords(engine.store, 'claude-code'), {
    withoutToolUse: 'own-key',
    waitMs,
    refusal: (_call, id) => new UnrecordedToolUseError(id ?? '', tool),
  });
  return keys.keyForCall({ name: tool, meta });
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
