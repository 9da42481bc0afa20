/**
 * Claude Code's hooks as calls to the plankeeper MCP server it already runs: a hook of type
 * `mcp_tool` calls the server's `hook` tool (a host tool, never listed to the model), so an
 * event costs one message to a running process instead of starting node (about 100 ms on
 * every tool call). The server answers with the rules and store of `plankeeper hook`
 * (hook/run-hook.ts, answerHookInProcess), in the same output format (`{}` where the command
 * hook prints nothing: hook/mcp-host-tools.ts).
 *
 * Claude Code 2.1.328 calls the tool with `input`, whose `${field}` strings it fills from the
 * hook input (a missing field gives "", `true` gives "true"); so each event sends the fields
 * its adapter reads, and `hookInputFromMcp` turns them back into the hook input.
 *
 * SessionStart stays a command hook: Claude Code runs it while the server is still starting
 * and does not wait for it there, so the call would be skipped ("not connected").
 * A server that is down or has no such tool makes the call fail: Claude Code reports that
 * and goes on (the default `onFailure: "continue"`), so plankeeper still never blocks it.
 */
import { MCP_HOOK_TOOL } from '../coding-agent.js';
import { type CheckFlags, hookTimeout } from '../setup/check-values.js';
import type { JsonObject } from '../setup/json-file.js';

/** Seconds; the server answers within its own 3 s deadline. */
const TIMEOUT = 10;

/** The hook input fields each event's answer reads (claude-code-adapter.ts), by event. */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  UserPromptSubmit: ['prompt', 'prompt_id'],
  PreToolUse: ['tool_name', 'tool_use_id'],
  PostToolUse: ['tool_name'],
  PostToolUseFailure: ['tool_name'],
  Stop: ['stop_hook_active', 'last_assistant_message'],
  SubagentStart: [],
  SubagentStop: ['stop_hook_active', 'last_assistant_message'],
  PreCompact: [],
};
/**
 * With a plan file, PreToolUse also sends what a file or shell tool would write, for the
 * guard that refuses the model's own edit of the plan file (plan-file-guard): Claude Code
 * fills `${tool_input.file_path}` from the nested input.
 */
const PLAN_FILE_GUARD_FIELDS = [
  'cwd',
  'tool_input.file_path',
  'tool_input.notebook_path',
  'tool_input.command',
];
/** Every event carries these: the plan key. */
const KEY_FIELDS = ['session_id', 'agent_id'];
/** Fields Claude Code sends as booleans, which arrive as "true" or "false". */
const BOOLEAN_FIELDS = new Set(['stop_hook_active']);

/** The events the model's answer ends on, where the checks run (and need their time). */
export const STOP_EVENTS: readonly string[] = ['Stop', 'SubagentStop'];

/**
 * The `mcp_tool` handler for `event`; undefined where a command hook must serve it.
 * `guardsPlanFile`: PreToolUse sends what the plan file's guard reads; `checks`: a stop event
 * waits for the person's checks.
 */
export function mcpToolHandler(
  event: string,
  { guardsPlanFile = false, checks }: { guardsPlanFile?: boolean; checks?: CheckFlags } = {},
): JsonObject | undefined {
  const fields = FIELDS[event];
  if (fields === undefined) return undefined;
  const input: JsonObject = { event };
  const guard = guardsPlanFile && event === 'PreToolUse' ? PLAN_FILE_GUARD_FIELDS : [];
  for (const field of [...KEY_FIELDS, ...fields, ...guard]) input[field] = `\${${field}}`;
  const timeout = hookTimeout(checks, STOP_EVENTS.includes(event), TIMEOUT);
  return { type: 'mcp_tool', server: 'plankeeper', tool: MCP_HOOK_TOOL, input, timeout };
}

/** The event and hook input of one `hook` tool call; undefined for arguments it cannot read. */
export function hookInputFromMcp(
  args: Record<string, unknown>,
): { event: string; input: Record<string, unknown> } | undefined {
  const { event } = args;
  if (typeof event !== 'string') return undefined;
  const fields = FIELDS[event];
  if (fields === undefined) return undefined;
  const input: Record<string, unknown> = { hook_event_name: event };
  const guard = event === 'PreToolUse' ? PLAN_FILE_GUARD_FIELDS : [];
  for (const field of [...KEY_FIELDS, ...fields, ...guard]) {
    const value = args[field];
    if (typeof value !== 'string' || value === '') continue;
    const [outer, inner] = field.split('.');
    if (inner === undefined) input[field] = BOOLEAN_FIELDS.has(field) ? value === 'true' : value;
    else input[outer!] = { ...(input[outer!] as object | undefined), [inner]: value };
  }
  return { event, input };
}
