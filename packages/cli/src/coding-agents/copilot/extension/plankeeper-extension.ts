/**
 * plankeeper inside Copilot CLI as an extension: one process for the session (Copilot forks it
 * and speaks JSON-RPC with it), whose hooks each ask the resident plankeeper process
 * (resident-answerer.ts) and return its answer as it stands, since `plankeeper hook copilot`
 * already answers in Copilot's hook output shape (copilot-adapter.ts). An extension's hooks get
 * what a command hook reads on stdin, with `workingDirectory` where a command hook has `cwd`.
 */
import type { ExtensionSettings } from './extension-settings.js';
import { residentAnswerer } from './resident-answerer.js';

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

type Hook = (input: Record<string, unknown>) => Promise<object | undefined>;

export async function plankeeperExtension(settings: ExtensionSettings): Promise<void> {
  const log = (line: string) => {
    if (line !== '') process.stderr.write(`${line}\n`);
  };
  const ask = residentAnswerer(settings, process.cwd(), log);
  const hooks: Record<string, Hook> = {};
  for (const event of settings.events) {
    const name = HANDLERS[event];
    if (name) hooks[name] = (input) => ask(event, hookInput(input));
  }
  const { joinSession } = (await import(SDK_MODULE)) as {
    joinSession: (config: { hooks: Record<string, Hook> }) => Promise<unknown>;
  };
  await joinSession({ hooks });
}

/** The command hook's input: `cwd` beside the extension's `workingDirectory`. */
function hookInput(input: Record<string, unknown>): Record<string, unknown> {
  const cwd = input.cwd ?? input.workingDirectory;
  return typeof cwd === 'string' ? { ...input, cwd } : input;
}
