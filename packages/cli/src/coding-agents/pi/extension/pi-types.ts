/**
 * The part of Pi's extension API (`@mariozechner/pi-coding-agent` 0.73, docs/extensions.md)
 * plankeeper's extension uses, declared here: the CLI does not depend on Pi, and Pi hands the
 * extension these objects at run time.
 */

/** A message of Pi's conversation as the `context` event hands it over (AgentMessage). */
export interface PiMessage {
  role: string;
  content?: unknown;
  stopReason?: string;
  timestamp?: number;
  [field: string]: unknown;
}

export interface PiContext {
  cwd: string;
  /** False in print mode (`-p`) and JSON mode. */
  hasUI: boolean;
  sessionManager: { getSessionId(): string };
  ui: {
    notify(message: string, type?: 'info' | 'warning' | 'error'): void;
    setWidget(key: string, lines: string[] | undefined): void;
  };
}

export interface PiToolResult {
  content: { type: 'text'; text: string }[];
  details: unknown;
}

export interface PiTool {
  name: string;
  label: string;
  description: string;
  /** JSON Schema: Pi validates a call's arguments against it before `execute`. */
  parameters: Record<string, unknown>;
  execute(
    toolCallId: string,
    params: unknown,
    signal: AbortSignal | undefined,
    onUpdate: unknown,
    ctx: PiContext,
  ): Promise<PiToolResult>;
}

/** The events plankeeper listens to, with the fields it reads. */
export interface PiEvents {
  session_start: { reason: string };
  before_agent_start: { prompt: string; systemPrompt: string };
  context: { messages: PiMessage[] };
  tool_call: { toolName: string; toolCallId: string; input: unknown };
  tool_result: { toolName: string; toolCallId: string; isError: boolean };
  session_compact: Record<string, unknown>;
  agent_end: { messages: PiMessage[] };
  session_shutdown: Record<string, unknown>;
}

/** What a handler may hand back: Pi reads it per event (docs/extensions.md). */
export type PiHandlerResult =
  | { systemPrompt: string }
  | { messages: PiMessage[] }
  | { block: true; reason: string }
  | undefined;

export interface PiExtensionApi {
  on<Name extends keyof PiEvents>(
    event: Name,
    handler: (event: PiEvents[Name], ctx: PiContext) => Promise<PiHandlerResult | undefined>,
  ): void;
  registerTool(tool: PiTool): void;
  sendUserMessage(text: string, options?: { deliverAs: 'steer' | 'followUp' }): void;
}
