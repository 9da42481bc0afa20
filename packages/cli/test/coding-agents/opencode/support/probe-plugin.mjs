// An OpenCode plugin that tries, one switch at a time, each way a plugin can reach the model
// or the loop; the tests read what the scripted model then received. Switches come from
// $PLANKEEPER_OC_PROBE (comma-separated); every action is logged as a JSON line to
// $PLANKEEPER_OC_RECORD_DIR/probe.jsonl.
//
// - chat-message-part:  `chat.message` pushes a synthetic text part onto the new user message
//                       (it is saved with the message: every later request shows it).
// - system:             `experimental.chat.system.transform` pushes a system text.
// - messages-transform: `experimental.chat.messages.transform` appends a text part to the
//                       last user message of the request being built (not saved).
// - tool-output:        `tool.execute.after` appends a line to the tool's `output` (built-in
//                       tools), or a text block to `content` (MCP tools).
// - finish-reprompt:    on the `message.updated` event of a main session's assistant message
//                       that finished (`finish` not tool-calls/unknown; not a compaction
//                       summary), once per session:
//                       `client.session.prompt({noReply: true})` adds a user message, and the
//                       running loop, which checks for a newer user message, goes on.
// - idle-prompt-async:  on `session.idle`, once per session: `client.session.promptAsync`.
// - mcp-session-arg:    `tool.execute.before` of `standin_*` tools adds the session id to the
//                       arguments, in place (a replaced `output.args` object is not used).
// - block-bash:         `tool.execute.before` of `bash` throws.
// - plugin-tool:        registers a plugin tool `plankeeper_probe` ({note: string}); its
//                       execute() gets a context with sessionID, messageID, callID, agent.
// - throw-chat-message, throw-tool-after, throw-event: that hook throws (what happens to
//                       the turn when a plugin fails).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const switches = new Set((process.env.PLANKEEPER_OC_PROBE ?? '').split(',').filter(Boolean));
const dir = process.env.PLANKEEPER_OC_RECORD_DIR;
const on = (name) => switches.has(name);

function log(entry) {
  if (dir)
    appendFileSync(join(dir, 'probe.jsonl'), `${JSON.stringify({ time: Date.now(), ...entry })}\n`);
}

// OpenCode's ids: prefix, 12 hex digits of (milliseconds * 4096 + counter), 14 random chars.
let counter = 0;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function partId() {
  const time = (Date.now() * 4096 + (counter++ % 4096)).toString(16).padStart(12, '0');
  let random = '';
  for (let i = 0; i < 14; i++) random += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return `prt_${time}${random}`;
}

export const PlankeeperProbe = async ({ client }) => {
  const childSessions = new Set();
  const reprompted = new Set();
  const idlePrompted = new Set();
  return {
    ...(on('plugin-tool') && {
      tool: {
        plankeeper_probe: {
          description: 'Probe tool: echoes its context.',
          // Plain JSON Schema properties work (every one becomes required); zod ones too.
          args: { note: { type: 'string', description: 'Any note.' } },
          execute: async (args, context) => {
            const { sessionID, messageID, callID, agent } = context;
            log({
              probe: 'plugin-tool',
              args,
              contextKeys: Object.keys(context),
              sessionID,
              messageID,
              callID,
              agent,
            });
            return `probe tool ran in ${sessionID} for ${agent}`;
          },
        },
      },
    }),
    'chat.message': async (_input, output) => {
      if (on('throw-chat-message')) throw new Error('[probe] chat.message failed');
      if (!on('chat-message-part')) return;
      output.parts.push({
        id: partId(),
        sessionID: output.message.sessionID,
        messageID: output.message.id,
        type: 'text',
        text: '[probe] chat.message part',
        synthetic: true,
      });
      log({ probe: 'chat-message-part', sessionID: output.message.sessionID });
    },
    'experimental.chat.system.transform': async (input, output) => {
      if (!on('system')) return;
      output.system.push(`[probe] system.transform for ${input.sessionID}`);
    },
    'experimental.chat.messages.transform': async (_input, output) => {
      if (!on('messages-transform')) return;
      const lastUser = output.messages.findLast((message) => message.info.role === 'user');
      if (!lastUser) return;
      lastUser.parts.push({
        id: partId(),
        sessionID: lastUser.info.sessionID,
        messageID: lastUser.info.id,
        type: 'text',
        text: '[probe] messages.transform',
        synthetic: true,
      });
    },
    'tool.execute.before': async (input, output) => {
      if (on('mcp-session-arg') && input.tool.startsWith('standin_')) {
        output.args.plankeeper_session = input.sessionID;
        log({ probe: 'mcp-session-arg', sessionID: input.sessionID });
      }
      if (on('block-bash') && input.tool === 'bash') {
        log({ probe: 'block-bash', sessionID: input.sessionID });
        throw new Error('[probe] bash is blocked by a plugin');
      }
    },
    'tool.execute.after': async (input, output) => {
      if (on('throw-tool-after')) throw new Error('[probe] tool.execute.after failed');
      if (!on('tool-output')) return;
      // Built-in and plugin tools: {title, output, metadata}. MCP tools: the MCP result itself,
      // {content: [...], structuredContent?, isError?}, turned into the model's text afterwards.
      if (Array.isArray(output.content)) {
        output.content.push({ type: 'text', text: '[probe] tool.execute.after (mcp)' });
      } else {
        output.output += '\n[probe] tool.execute.after';
      }
      log({ probe: 'tool-output', tool: input.tool });
    },
    event: async ({ event }) => {
      if (on('throw-event')) throw new Error('[probe] event failed');
      if (event.type === 'session.created' && event.properties.info.parentID) {
        childSessions.add(event.properties.info.id);
      }
      if (on('finish-reprompt') && event.type === 'message.updated') {
        const info = event.properties.info;
        // A compaction summary is a finished assistant message too (summary: true): skip it.
        const finished =
          info.role === 'assistant' &&
          info.summary !== true &&
          typeof info.finish === 'string' &&
          !['tool-calls', 'unknown'].includes(info.finish);
        if (!finished || childSessions.has(info.sessionID) || reprompted.has(info.sessionID)) {
          return;
        }
        reprompted.add(info.sessionID);
        const result = await client.session.prompt({
          path: { id: info.sessionID },
          body: {
            noReply: true,
            parts: [{ type: 'text', text: '[probe] finish check: #1 is still open.' }],
          },
        });
        log({ probe: 'finish-reprompt', sessionID: info.sessionID, error: result.error ?? null });
      }
      if (on('idle-prompt-async') && event.type === 'session.idle') {
        const sessionID = event.properties.sessionID;
        if (childSessions.has(sessionID) || idlePrompted.has(sessionID)) return;
        idlePrompted.add(sessionID);
        const result = await client.session.promptAsync({
          path: { id: sessionID },
          body: { parts: [{ type: 'text', text: '[probe] idle re-prompt: #1 is still open.' }] },
        });
        log({ probe: 'idle-prompt-async', sessionID, error: result.error ?? null });
      }
    },
  };
};
