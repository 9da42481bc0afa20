/**
 * The little of OpenCode's plugin interface the plugin uses, written out so that it needs no
 * `@opencode-ai/plugin` (nor its types) at run time or build time. Shapes as recorded with
 * OpenCode 1.18.33 (test/coding-agents/opencode/fixtures/); everything is read defensively,
 * since a plugin hook that throws can kill the person's turn.
 */

/** The parts of OpenCode's SDK client the plugin calls; any of them may throw or hang. */
export interface OpencodeClient {
  app: { log(request: { body: { service: string; level: string; message: string } }): unknown };
  /** The TUI's toast; absent or failing where OpenCode runs without one (`opencode run`). */
  tui?: {
    showToast(request: { body: { message: string; variant: 'warning' } }): unknown;
  };
  session: {
    get(request: { path: { id: string } }): Promise<{ data?: { parentID?: unknown } } | undefined>;
    prompt(request: {
      path: { id: string };
      body: { noReply: boolean; parts: { type: 'text'; text: string }[] };
    }): Promise<{ error?: unknown } | undefined>;
    message(request: {
      path: { id: string; messageID: string };
    }): Promise<{ data?: { info?: MessageInfo; parts?: unknown } } | undefined>;
  };
}

export interface MessageInfo {
  role?: string;
  summary?: boolean;
}

/** What OpenCode gives a plugin when it loads it. */
export interface PluginInput {
  client: OpencodeClient;
  directory?: string;
}

export interface TextPart {
  type: string;
  text?: string;
  synthetic?: boolean;
  [field: string]: unknown;
}

/** A plugin hook: OpenCode's input, and the output it lets the plugin change in place. */
export type Hook<Input, Output = never> = (input: Input, output: Output) => Promise<void>;

export interface SessionInput {
  sessionID: string;
}

export interface ToolCallInput extends SessionInput {
  tool: string;
  callID: string;
}

export interface PluginHooks {
  'chat.message': Hook<SessionInput, { message: { id: string }; parts: TextPart[] }>;
  'tool.execute.before': Hook<ToolCallInput, { args?: Record<string, unknown> }>;
  'tool.execute.after': Hook<
    ToolCallInput,
    { isError?: boolean; content?: unknown; output?: unknown }
  >;
  'experimental.text.complete': Hook<SessionInput & { messageID: string }, { text: string }>;
  'experimental.session.compacting': Hook<SessionInput, unknown>;
  'experimental.compaction.autocontinue': Hook<SessionInput, { enabled?: boolean }>;
  event: Hook<{ event?: BusEvent }, unknown>;
}

/** An event of OpenCode's bus, as the `event` hook gets it. */
export interface BusEvent {
  type: string;
  properties?: Record<string, unknown>;
}
