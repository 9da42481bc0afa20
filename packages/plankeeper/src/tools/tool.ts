/**
 * A framework-neutral tool: plain data plus an `execute` function. Adapters translate
 * this shape into each framework's own tool type; nothing here knows any framework.
 */
import type { CompletionGate } from '../engine/evidence.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { ApprovalAgain } from '../engine/todo-item.js';

/** What one tool call produced: text for the model, data for a UI, and whether it worked. */
export interface ToolResult<Data = unknown> {
  ok: boolean;
  /** What the model reads. On failure, a correction it can act on. */
  text: string;
  /** Structured result for hosts and UIs. */
  data: Data;
  /** A few words for logs and timelines, in the tool's language ("todo_write: 2/5 completed"). */
  title: string;
}

/** What the host knows about a call. The plan key comes from here, never from arguments. */
export interface ToolContext {
  key?: PlanKey;
  /** The host's id for the current user turn; plans written in another turn are leftovers. */
  turn?: string;
  /** The model's id for this tool call, recorded in the plan's history. */
  callId?: string;
  /** The writing session in a shared list (see OperationMeta.owner); from the host, never arguments. */
  owner?: string;
  /** The host's record of tool calls and its verifiers, for the evidence rule (see evidence.ts). */
  gate?: CompletionGate;
  /**
   * The plan version the model last saw, from the host's record of what it showed it
   * (never from arguments). A person's changes made since are not undone by the call (see
   * OperationMeta.basedOn); without it, a write goes as it always has.
   */
  seenVersion?: number;
  /**
   * The host's approval rule, when it holds its tools until a person approves the plan
   * (see OperationMeta.approval); from the host, never from arguments.
   */
  approval?: ApprovalAgain;
  signal?: AbortSignal;
}

export interface ToolDefinition<Context extends ToolContext = ToolContext> {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: Record<string, unknown>;
  /** `args` may be an object or the raw JSON string a model produced. */
  execute(args: unknown, context: Context): Promise<ToolResult>;
}
