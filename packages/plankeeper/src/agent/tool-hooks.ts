/**
 * Hooks around every tool call. A before-hook may block a call with a reason the model
 * will read; after-hooks observe results (audit, metrics) and cannot change them.
 */
import type { PlanKey } from '../engine/plan-key.js';
import type { ToolResult } from '../tools/tool.js';
import type { ToolCall } from './model-client.js';

export interface HookContext {
  key: PlanKey;
  turn: string;
  step: number;
}

export type BeforeToolHook = (
  call: ToolCall,
  context: HookContext,
) => undefined | { block: string } | Promise<undefined | { block: string }>;

export type AfterToolHook = (
  call: ToolCall,
  outcome: { ok: boolean; observation: string; result: ToolResult | undefined },
  context: HookContext,
) => void | Promise<void>;

export interface ToolHooks {
  before?: readonly BeforeToolHook[];
  after?: readonly AfterToolHook[];
}
