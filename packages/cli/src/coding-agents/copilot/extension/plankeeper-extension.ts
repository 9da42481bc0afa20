/**
 * plankeeper inside Copilot CLI as an extension: one process for the session (Copilot forks it
 * and speaks JSON-RPC with it), whose hooks ask the resident plankeeper process
 * (resident-answerer.ts), preMcpToolCall aside, and return its answer as it stands, since `plankeeper hook copilot`
 * already answers in Copilot's hook output shape (copilot-adapter.ts). An extension's hooks get
 * what a command hook reads on stdin, with `workingDirectory` where a command hook has `cwd`.
 */
import type { AskHook } from '../../resident-client/hook-client.js';
import { mcpCallMeta } from '../mcp-call-meta.js';
import type { ExtensionSettings } from './extension-settings.js';
import { residentAnswerer } from './resident-answerer.js';
import { type SessionEvent, TurnAnswer } from './turn-answer.js';

/** Resolved by Copilot for its extensions; nothing is installed in the project. */
const SDK_MODULE = '@github/copilot-sdk/extension';

/** The Copilot SDK's hook for each hook event the extension answers. */
const HANDLERS: Readonly<Record<string, string>> = {
  sessionStart: 'onSessionStart',
  userPromptSubmitted: 'onUserPromptSubmitted',
  preToolUse: 'onPreToolUse',
  postToolUse: 'onPostToolUse',
  postToolUseFailure: 'onPostToolUseFailure',
  agentStop: 'onAgentStop',
  subagentStart: 'onSubagentStart',
  subagentStop: 'onSubagentStop',
  preMcpToolCall: 'onPreMcpToolCall',
};

export type Hook = (input: Record<string, unknown>) => Promise<object | undefined>;

export async function plankeeperExtension(settings: ExtensionSettings): Promise<void> {
  const log = (line: string) => {
    if (line !== '') process.stderr.write(`${line}\n`);
  };
  const turn = new TurnAnswer();
  const ask = residentAnswerer(settings, process.cwd(), log);
  const hooks = extensionHooks(settings.events, ask, turn);
  const { joinSession } = (await import(SDK_MODULE)) as {
    joinSession: (config: { hooks: Record<string, Hook> }) => Promise<unknown>;
  };
  const session = (await joinSession({ hooks })) as SessionEvents | undefined;
  try {
    // Without the events (an SDK that has no `on`), the stop hook reads the transcript.
    session?.on?.((event) => turn.seen(event));
  } catch {}
}

/** The part of the SDK's session the extension listens to. */
interface SessionEvents {
  on?(handler: (event: SessionEvent) => void): unknown;
}

/**
 * The SDK hooks for `events`, each asking plankeeper through `ask`; preMcpToolCall is answered
 * here from the call alone (mcp-call-meta.ts), as plankeeper would, so an MCP call costs no
 * round trip to it; the stop carries the turn's answer where `turn` has seen it (turn-answer.ts).
 */
export function extensionHooks(
  events: readonly string[],
  ask: AskHook<object>,
  turn?: TurnAnswer,
): Record<string, Hook> {
  const hooks: Record<string, Hook> = {};
  for (const event of events) {
    const name = HANDLERS[event];
    if (!name) continue;
    hooks[name] =
      event === 'preMcpToolCall'
        ? async (input) => mcpCallMeta(input)
        : event === 'agentStop' && turn
          ? (input) => ask(event, turn.withAnswer(hookInput(input)))
          : (input) => ask(event, hookInput(input));
  }
  return hooks;
}

/** The command hook's input: `cwd` beside the extension's `workingDirectory`. */
function hookInput(input: Record<string, unknown>): Record<string, unknown> {
  const cwd = input.cwd ?? input.workingDirectory;
  return typeof cwd === 'string' ? { ...input, cwd } : input;
}
