/** What an observer sees of a run, in order. Names are noun-verb, like `plan-updated`. */
import type { TodoItem } from '../engine/todo-item.js';
import type { ToolResult } from '../tools/tool.js';
import type { ChatMessage, InjectionKind, ModelResponse, ToolCall } from './model-client.js';

export type AgentEvent =
  | { type: 'turn-started'; turn: string; task: string }
  | { type: 'model-called'; step: number; messages: readonly ChatMessage[] }
  | { type: 'model-responded'; step: number; response: ModelResponse }
  | { type: 'tool-started'; call: ToolCall }
  | { type: 'tool-blocked'; call: ToolCall; reason: string }
  | {
      type: 'tool-finished';
      call: ToolCall;
      ok: boolean;
      result: ToolResult | undefined;
      observation: string;
    }
  | { type: 'plan-updated'; items: readonly TodoItem[]; version: number; tool: string }
  /** A harness message; a `goal-check` may ride on the result of the write that closed the plan. */
  | { type: 'harness-injected'; kind: InjectionKind; text: string }
  /**
   * Said to the person, not the model: a check that still fails after the refusals, or one
   * that cannot start (option `verify`).
   */
  | { type: 'notice-given'; text: string }
  | { type: 'turn-finished'; answer: string | null; error: string | null };

export type AgentObserver = (event: AgentEvent) => void;
