/**
 * One tool call as a host hands it to the harness (`PlanHarness.wrapTool`): the harness
 * runs it and reads its outcome itself, whatever shape the host's framework gives it.
 */
import type { ToolContext, ToolResult } from '../tools/tool.js';

/** What the harness needs to know of one tool call's outcome. */
export interface ToolCallOutcome {
  /** The call did what it was asked; false for failed, rejected, blocked or unknown calls. */
  ok: boolean;
  /** A plan tool's result; its `data.version` tells which plan the model's own write stored. */
  result?: Pick<ToolResult, 'data'> | undefined;
}

/** One tool call of the model, as a host hands it to `PlanHarness.wrapTool`. */
export interface WrappedToolCall<T> {
  /** The tool the model called, plan tool or not. */
  name: string;
  /** The model's id for the call; plan writes record it in the plan's history. */
  callId?: string | undefined;
  /** Runs the call; `context` is what a plan tool needs (the host's key, this turn, the call id). */
  run(context: ToolContext): T | Promise<T>;
  /** Reads the host's value as an outcome. */
  outcome(value: T): ToolCallOutcome;
  /**
   * The host's value for a call held for approval (see approval.ts), built from the text
   * the model reads; the call does not run. Without it, `wrapTool` holds nothing: hosts
   * that hold calls elsewhere (a framework's guardrail) ask `approvalHold` themselves.
   */
  held?(text: string): T;
  /** Called when the call updated the plan (a successful plan write). */
  onPlanUpdate?(value: T): void;
  /**
   * Returns `value` with `note` added to what the model reads as the call's result. With it
   * the goal check reaches the model in the result of the write that closes the plan,
   * before it answers; without it the check waits for the answer and costs one more call.
   */
  withNote?(value: T, note: string): T;
}
