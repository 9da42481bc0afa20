/**
 * The rules' events for one tool call as a coding agent's hook reports it. Every host names
 * plankeeper's tools with its own prefix (`mcp__plankeeper__todo_write`,
 * `plankeeper_todo_write`, …); behind it, what the rules need to know is the same everywhere:
 * whether the call wrote the plan (the plan is up to date), or was one of plankeeper's tools
 * at all (a read uses the plan, is never held for approval and is no evidence of work done).
 */
import type { HostEvent } from '../harness/rules/events.js';
import { PLAN_WRITE_TOOL_NAMES } from '../tools/plan-tool-names.js';

/** Whether `tool` is one of plankeeper's tools, named with the host's `prefix`. */
export function isPlanToolName(tool: string, prefix: string): boolean {
  return tool.startsWith(prefix);
}

/** Whether `tool` is one of plankeeper's tools that change the plan, named with `prefix`. */
export function isPlanWriteToolName(tool: string, prefix: string): boolean {
  return tool.startsWith(prefix) && PLAN_WRITE_TOOL_NAMES.includes(tool.slice(prefix.length));
}

/** A finished call of `tool`, `ok` as the host reports it. */
export function toolDoneEvent(tool: string, ok: boolean, prefix: string): HostEvent {
  return {
    kind: 'tool-done',
    tool,
    ok,
    isPlanWrite: isPlanWriteToolName(tool, prefix),
    isPlanTool: isPlanToolName(tool, prefix),
  };
}

/** A call of `tool` about to run (for plan approval). */
export function toolStartEvent(tool: string, prefix: string): HostEvent {
  return { kind: 'tool-start', tool, isPlanTool: isPlanToolName(tool, prefix) };
}
