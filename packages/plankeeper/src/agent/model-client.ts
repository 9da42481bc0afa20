/**
 * The provider-neutral conversation the agent loop keeps, and the one interface every
 * model client (scripted, OpenAI-compatible, Anthropic) implements.
 */

/** A tool call as the model produced it. `arguments` stays the raw string when that is what came. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | {
      role: 'user';
      content: string /** Set on text the harness injected (plan section, reminders). */;
      injected?: InjectionKind;
    }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; ok: boolean };

/**
 * Why the harness added a message: the plan section, a nudge, a finish/goal check bounce, or
 * the bounce of a check the host added itself (`check`).
 */
export type InjectionKind =
  | 'plan'
  | 'reminder'
  | 'finish-check'
  | 'goal-check'
  | 'checks'
  | 'check';

export interface ModelToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  inputSchema: Record<string, unknown>;
}

export interface ModelRequest {
  messages: readonly ChatMessage[];
  tools: readonly ModelToolSpec[];
  signal?: AbortSignal;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelResponse {
  /** The assistant turn: text, tool calls, or both. */
  message: { role: 'assistant'; content: string; toolCalls?: ToolCall[] };
  usage?: ModelUsage;
  /** Provider's stop reason, as given (`stop`, `tool_calls`, `end_turn`, ...). */
  finishReason?: string;
}

export interface ModelClient {
  /** `provider:model`, for logs. */
  readonly name: string;
  generate(request: ModelRequest): Promise<ModelResponse>;
}
