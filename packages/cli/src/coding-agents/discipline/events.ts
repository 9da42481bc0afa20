/**
 * The agent-neutral hook vocabulary: each coding agent's adapter turns its own hook input
 * into one of these events and turns the answer back into its own output format, so the
 * discipline itself is written once.
 */
import type { PlanKey } from 'plankeeper';

export type NeutralEvent =
  /** `source`: startup, resume, clear or compact (the agent's own words). */
  | { kind: 'session-start'; source: string }
  | { kind: 'prompt'; text: string; turn?: string }
  | { kind: 'tool-done'; tool: string; ok: boolean; isPlanWrite: boolean }
  /** A call about to run (for plan approval); `isPlanTool` for plankeeper's own tools. */
  | { kind: 'tool-start'; tool: string; isPlanTool: boolean }
  | { kind: 'stop'; stopHookActive: boolean; lastMessage: string }
  | { kind: 'subagent-start'; agentId: string }
  | { kind: 'subagent-stop'; stopHookActive: boolean; lastMessage: string }
  | { kind: 'pre-compact' };

export type NeutralAnswer =
  /** Text for the model's next request. */
  | { kind: 'context'; text: string }
  /** Refuse the stop; the model reads the reason and goes on. */
  | { kind: 'block'; reason: string }
  /** Refuse a tool call before it runs; the model reads the reason as its result. */
  | { kind: 'deny'; reason: string }
  | { kind: 'none' };

export const NOTHING: NeutralAnswer = { kind: 'none' };

/** An event with the plan it concerns (the key comes from the agent, never the model). */
export interface KeyedEvent {
  key: PlanKey;
  event: NeutralEvent;
}

/**
 * Harness state a hook leaves for the agent's other processes (its MCP server), beside no
 * plan, expiring after `ttlMs`.
 */
export interface HookRecord {
  key: PlanKey;
  state: Record<string, unknown>;
  ttlMs: number;
}

/** One coding agent's hook format. */
export interface HookAdapter {
  readonly agent: string;
  /** The neutral event of one hook call; undefined for an event plankeeper has nothing to do on. */
  parse(eventName: string, input: Record<string, unknown>): KeyedEvent | undefined;
  /** What one hook call records for the agent's MCP server, if anything. */
  record?(eventName: string, input: Record<string, unknown>): HookRecord | undefined;
  /** What to print on stdout for `answer` (an empty string prints nothing). */
  format(eventName: string, answer: NeutralAnswer): string;
}

/** Plan tools that change the plan (reads do not count as an update). */
const PLAN_WRITE_TOOLS = new Set(['todo_write', 'todos_add', 'todos_complete', 'todos_remove']);

/** Whether `tool` is one of plankeeper's tools (any of them), under the agent's MCP prefix. */
export function isPlanTool(tool: string, prefix: string): boolean {
  return tool.startsWith(prefix);
}

/** Whether `tool` is one of plankeeper's writing tools, under any agent's MCP prefix. */
export function isPlanWriteTool(tool: string, prefix: string): boolean {
  return tool.startsWith(prefix) && PLAN_WRITE_TOOLS.has(tool.slice(prefix.length));
}
