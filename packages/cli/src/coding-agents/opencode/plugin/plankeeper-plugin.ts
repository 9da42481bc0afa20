/**
 * plankeeper's plugin for OpenCode, which `plankeeper setup opencode` installs as
 * `.opencode/plugin/plankeeper.js` (built from this folder into one file: plugin-entry.ts,
 * scripts/build-opencode-plugin.mjs; setup: ../plugin-source.ts). OpenCode has no command
 * hooks, so this plugin is the hook runner: inside OpenCode it hands each event to plankeeper
 * and puts the answer where OpenCode lets it reach the model. One `plankeeper hook opencode
 * --serve` process per OpenCode instance answers them all (resident-hook.ts), each with what
 * `plankeeper hook opencode <name>` answers on its own (`{"context"}` / `{"block"}` /
 * `{"deny"}`; see ../opencode-adapter.ts). Measured with OpenCode 1.18.33
 * (test/coding-agents/opencode/README.md):
 * - context: a text part pushed in `chat.message` (saved with the person's message), text
 *   appended to the tool result in `tool.execute.after` (saved with the result): both stay in
 *   the history, at its tail, so nothing earlier is rewritten and the model keeps them;
 * - a refused stop: nothing can veto the end of a turn, but a user message added before the
 *   loop looks again makes it run another step. `message.updated` is too late for that (the
 *   event is not awaited; a hook process took longer than the loop needs to exit, measured),
 *   so it is done in `experimental.text.complete`, which the loop awaits, for the text of a
 *   message without tool calls (with the openai-compatible provider they exist by then);
 * - after a compaction: `experimental.compaction.autocontinue` (awaited) adds the plan as a
 *   user message before OpenCode's own "Continue" message;
 * - with `--approval`, a call of another tool while the plan waits for a person:
 *   `tool.execute.before` throws the hook's `{"deny"}` reason, so the tool does not run.
 * It fails open and is time-boxed (a request unanswered for 5 s is neutral, and kills the
 * process that held it): a hook that throws in `chat.message` would kill the turn.
 * It imports nothing but node:child_process and the core's line reader at run time (no
 * `@opencode-ai/plugin`).
 */
import { busEventHook } from './bus-events.js';
import type { OpencodeClient, PluginHooks, PluginInput, TextPart } from './opencode-types.js';
import { partId } from './part-id.js';
import { PluginSessions } from './plugin-sessions.js';
import { CLIENT_TIMEOUT_MS, PLAN_TOOL_PREFIX, type PluginSettings } from './plugin-settings.js';
import { residentHook } from './resident-hook.js';
import { withTimeout } from './with-timeout.js';

/** The plugin function OpenCode calls when it loads the file, for `settings`. */
export function plankeeperPlugin(settings: PluginSettings) {
  return async ({ client, directory }: PluginInput): Promise<PluginHooks> => {
    const log = (message: string) => {
      try {
        Promise.resolve(
          client.app.log({ body: { service: 'plankeeper', level: 'warn', message } }),
        ).catch(() => {});
      } catch {}
    };
    const sessions = new PluginSessions(client, residentHook(settings, log, directory));
    // The messages this plugin added itself after a compaction: not the person's prompts.
    const ownMessages = new Set<string>();
    return {
      'chat.message': chatMessage(sessions, ownMessages),
      'tool.execute.before': toolExecuteBefore(settings, sessions),
      'tool.execute.after': toolExecuteAfter(sessions),
      'experimental.text.complete': textComplete(client, sessions),
      'experimental.session.compacting': async (input) => {
        try {
          await sessions.forward('experimental.session.compacting', input.sessionID, {
            input: { sessionID: input.sessionID },
          });
        } catch {}
      },
      'experimental.compaction.autocontinue': compactionAutocontinue(sessions, ownMessages),
      // Not awaited by OpenCode: what is learnt here serves the hooks above.
      event: busEventHook(sessions),
    };
  };
}

function chatMessage(
  sessions: PluginSessions,
  ownMessages: Set<string>,
): PluginHooks['chat.message'] {
  return async (input, output) => {
    try {
      const session = input.sessionID;
      const parts = output.parts
        .filter((part) => part.type === 'text')
        .map((part) => ({ type: 'text', text: part.text, synthetic: part.synthetic === true }));
      const said = parts
        .filter((part) => !part.synthetic)
        .map((part) => part.text)
        .join('\n');
      if (ownMessages.delete(`${session}\n${said}`)) return;
      const answer = await sessions.forward('chat.message', session, {
        input: { sessionID: session },
        output: { message: { id: output.message.id }, parts },
      });
      const text = sessions.contextFor(session, answer);
      if (text === '') return;
      const part: TextPart = {
        id: partId(),
        sessionID: session,
        messageID: output.message.id,
        type: 'text',
        text,
        synthetic: true,
      };
      output.parts.push(part);
    } catch {}
  };
}

function toolExecuteBefore(
  settings: PluginSettings,
  sessions: PluginSessions,
): PluginHooks['tool.execute.before'] {
  return async (input, output) => {
    // Plan approval (setup --approval), and the plan file's guard (--plan-file): a refused
    // call throws, so it does not run and the model reads why. Outside the try below, which
    // must not swallow it.
    const asks = settings.holdsForApproval || settings.guardsPlanFile;
    if (asks && !input.tool.startsWith(PLAN_TOOL_PREFIX)) {
      const answer = await sessions.forward('tool.execute.before', input.sessionID, {
        input: { tool: input.tool, sessionID: input.sessionID, callID: input.callID },
        ...(settings.guardsPlanFile && { output: { args: writeTargets(output.args) } }),
      });
      if (answer && 'deny' in answer && typeof answer.deny === 'string') {
        throw new Error(answer.deny);
      }
      return;
    }
    try {
      if (!input.tool.startsWith(PLAN_TOOL_PREFIX)) return;
      if (!output.args || typeof output.args !== 'object') return;
      // The key is the plugin's alone: the model's own values go first, so that whatever
      // fails below, a key the model wrote never reaches the server.
      delete output.args[settings.sessionArgument];
      delete output.args[settings.scopeArgument];
      const parent = await sessions.parentOf(input.sessionID);
      // In place: for MCP tools OpenCode sends this same object (a new one is ignored).
      output.args[settings.sessionArgument] = parent ?? input.sessionID;
      if (parent) output.args[settings.scopeArgument] = input.sessionID;
    } catch {}
  };
}

/**
 * The arguments that say what a call writes (a path, a command, a patch), without the rest: a
 * file's new content can be larger than one hook line may be.
 */
function writeTargets(args: Record<string, unknown> | undefined): Record<string, string> {
  const targets: Record<string, string> = {};
  for (const field of ['filePath', 'path', 'file_path', 'command', 'patchText', 'patch', 'input']) {
    const value = args?.[field];
    if (typeof value === 'string') targets[field] = value;
  }
  return targets;
}

function toolExecuteAfter(sessions: PluginSessions): PluginHooks['tool.execute.after'] {
  return async (input, output) => {
    try {
      const session = input.sessionID;
      const answer = await sessions.forward('tool.execute.after', session, {
        input: { tool: input.tool, sessionID: session, callID: input.callID },
        output: { isError: output && output.isError === true },
      });
      const text = sessions.contextFor(session, answer);
      if (text === '') return;
      // MCP tools: the MCP result (text blocks); built-in and plugin tools: {output}.
      if (Array.isArray(output.content)) output.content.push({ type: 'text', text });
      else if (typeof output.output === 'string') output.output += `\n\n${text}`;
      else sessions.pending.set(session, [text]);
    } catch {}
  };
}

function textComplete(
  client: OpencodeClient,
  sessions: PluginSessions,
): PluginHooks['experimental.text.complete'] {
  // Assistant messages whose end was checked: a second text part must not bounce again.
  const checkedMessages = new Set<string>();
  return async (input, output) => {
    try {
      const session = input.sessionID;
      const found = await withTimeout(
        client.session.message({ path: { id: session, messageID: input.messageID } }),
        CLIENT_TIMEOUT_MS,
      );
      const info = found?.data?.info;
      const parts = found?.data?.parts;
      // A final answer only: no tool call in the message, and not a compaction summary.
      if (info?.role !== 'assistant' || info.summary === true) return;
      if (!Array.isArray(parts)) return;
      if ((parts as { type?: unknown }[]).some((part) => part.type === 'tool')) return;
      if (checkedMessages.has(input.messageID)) return;
      checkedMessages.add(input.messageID);
      const answer = await sessions.forward('experimental.text.complete', session, {
        input: { sessionID: session, messageID: input.messageID },
        output: { text: output.text },
      });
      if (answer && 'block' in answer && answer.block) {
        await sessions.addMessage(session, answer.block);
      }
      // The person's checks still fail (or cannot start): theirs to read, not the model's.
      if (answer && 'notice' in answer && answer.notice) tellPerson(client, answer.notice);
    } catch {}
  };
}

/** A toast where OpenCode shows one, and OpenCode's log either way; never throws. */
function tellPerson(client: OpencodeClient, message: string): void {
  for (const say of [
    () => client.tui?.showToast({ body: { message, variant: 'warning' } }),
    () => client.app.log({ body: { service: 'plankeeper', level: 'warn', message } }),
  ]) {
    try {
      Promise.resolve(say()).catch(() => {});
    } catch {}
  }
}

function compactionAutocontinue(
  sessions: PluginSessions,
  ownMessages: Set<string>,
): PluginHooks['experimental.compaction.autocontinue'] {
  return async (input, output) => {
    try {
      if (output.enabled === false) return;
      const session = input.sessionID;
      const answer = await sessions.forward('experimental.compaction.autocontinue', session, {
        input: { sessionID: session },
      });
      const text = sessions.contextFor(session, answer);
      if (text === '') return;
      ownMessages.add(`${session}\n${text}`);
      const added = await sessions.addMessage(session, text);
      if (!added || added.error) ownMessages.delete(`${session}\n${text}`);
    } catch {}
  };
}
