/**
 * What an OpenCode plugin can do to the model and to the agent loop, measured with the real
 * CLI: support/probe-plugin.mjs switches each technique on, the scripted server shows what
 * the model then received. These are the building blocks of the plankeeper plugin (context
 * for the model, tool-result nudges, a finish check), and the one thing that does not work
 * under `opencode run` (prompting again from `session.idle`).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { standInMessages } from '../../support/stand-in-mcp-server.js';
import {
  at,
  type OpencodeRun,
  OpencodeSandbox,
  standinMcpCommand,
} from './support/opencode-runner.js';
import { callTool, ScriptedChatServer, say } from './support/scripted-chat-server.js';

const FINISH_CHECK = '[probe] finish check: #1 is still open.';
const IDLE_PROMPT = '[probe] idle re-prompt: #1 is still open.';

function standinConfig(sandbox: OpencodeSandbox) {
  return {
    $schema: 'https://opencode.ai/config.json',
    mcp: {
      standin: {
        type: 'local',
        command: standinMcpCommand(join(sandbox.recordDir, 'standin.jsonl')),
      },
    },
    permission: { 'standin_*': 'allow' },
  };
}

describe('OpenCode plugin hooks inside `opencode run`', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer;
  let run: OpencodeRun;

  beforeAll(async () => {
    sandbox = await OpencodeSandbox.create({ probe: true, record: true });
    sandbox.writeProjectFile('opencode.json', standinConfig(sandbox));
    server = await ScriptedChatServer.start([
      callTool('bash', { command: 'echo from bash', description: 'Echo a line' }, 'call_bash'),
      callTool('standin_show_plan', { note: 'n' }, 'call_standin'),
      callTool('plankeeper_probe', { note: 'x' }, 'call_plugin_tool'),
      say('First answer.'),
      // Only reached because the finish check added a user message to the running loop.
      say('Second answer.'),
    ]);
    run = await sandbox.run({
      server,
      prompt: 'Do the work.',
      probe: [
        'chat-message-part',
        'system',
        'messages-transform',
        'tool-output',
        'finish-reprompt',
        'mcp-session-arg',
        'plugin-tool',
      ],
    });
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('runs to the end of the script', () => {
    expect(run.timedOut, run.stderr).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(server.pending).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.blockedRequests).toEqual([]);
  });

  it('gives the plugin the session id the model requests carry', () => {
    expect(run.sessionId).toMatch(/^ses_/);
    expect(server.mainSessionId).toBe(run.sessionId);
    const chatMessage = sandbox.recorded().find((entry) => entry.hook === 'chat.message');
    expect(at(chatMessage?.input, 'sessionID')).toBe(run.sessionId);
  });

  it('adds context for the model three ways: system text, a saved part, a per-request part', () => {
    const first = server.requestForStep(0)!;
    expect(ScriptedChatServer.systemTexts(first)).toContain(
      `[probe] system.transform for ${run.sessionId}`,
    );
    const user = ScriptedChatServer.userTexts(first).join('\n');
    expect(user).toContain('Do the work.');
    expect(user).toContain('[probe] chat.message part');
    expect(user).toContain('[probe] messages.transform');
    // The chat.message part is saved with the message; the transform part is rebuilt per request.
    const later = ScriptedChatServer.userTexts(server.requestForStep(3)!).join('\n');
    expect(later.match(/\[probe\] chat\.message part/g)).toHaveLength(1);
    expect(later.match(/\[probe\] messages\.transform/g)).toHaveLength(1);
  });

  it('appends to a tool result in tool.execute.after (output for built-ins, content for MCP)', () => {
    expect(server.toolResult('call_bash')?.text).toBe('from bash\n\n[probe] tool.execute.after');
    // An MCP result's text blocks reach the model joined by a blank line.
    expect(server.toolResult('call_standin')?.text).toBe(
      'Plan (2 open):\n#1 [ ] Write the parser\n#2 [ ] Test the parser\n\n[probe] tool.execute.after (mcp)',
    );
  });

  it('can pass the session id to an MCP server only inside the call arguments', () => {
    const call = standInMessages(join(sandbox.recordDir, 'standin.jsonl')).find(
      (message) => message.method === 'tools/call',
    );
    expect(at(call, 'params', 'arguments')).toEqual({
      note: 'n',
      plankeeper_session: run.sessionId,
    });
    // The change is saved with the assistant's tool call, so the model sees it there too.
    const echoed = server
      .requestForStep(3)!
      .body.messages?.flatMap((message) => message.tool_calls ?? [])
      .find((call) => call.id === 'call_standin');
    expect(JSON.parse(echoed?.function.arguments ?? '{}')).toMatchObject({
      plankeeper_session: run.sessionId,
    });
  });

  it('runs a plugin tool with the session id in its context', () => {
    // (the tool-output probe is on: plugin tools have the built-in result shape)
    expect(server.toolResult('call_plugin_tool')?.text).toBe(
      `probe tool ran in ${run.sessionId} for build\n[probe] tool.execute.after`,
    );
    const entry = sandbox.probeLog().find((logged) => logged.probe === 'plugin-tool');
    expect(entry).toMatchObject({
      args: { note: 'x' },
      sessionID: run.sessionId,
      callID: 'call_plugin_tool',
    });
    expect(entry?.contextKeys).toEqual(
      expect.arrayContaining(['sessionID', 'messageID', 'callID', 'agent', 'abort', 'directory']),
    );
  });

  it('keeps the loop going with a noReply user message added when the answer finishes', () => {
    expect(sandbox.probeLog().filter((entry) => entry.probe === 'finish-reprompt')).toEqual([
      expect.objectContaining({ sessionID: run.sessionId, error: null }),
    ]);
    const next = server.requestForStep(4)!;
    const messages = next.body.messages ?? [];
    expect(messages.at(-2)).toMatchObject({ role: 'assistant', content: 'First answer.' });
    expect(messages.at(-1)?.role).toBe('user');
    expect(ScriptedChatServer.userTexts(next).at(-1)).toContain(FINISH_CHECK);
    expect(run.text).toBe('First answer.\nSecond answer.');
  });
});

describe('OpenCode: prompting again from session.idle', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer;

  beforeAll(async () => {
    sandbox = await OpencodeSandbox.create({ probe: true });
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('is lost under `opencode run`: it exits at the first idle', async () => {
    server = await ScriptedChatServer.start([say('Only answer.'), say('Never shown by run.')]);
    const run = await sandbox.run({ server, prompt: 'Do the work.', probe: ['idle-prompt-async'] });
    expect(run.code, run.stderr).toBe(0);
    expect(sandbox.probeLog()).toEqual([
      expect.objectContaining({
        probe: 'idle-prompt-async',
        sessionID: run.sessionId,
        error: null,
      }),
    ]);
    expect(run.text).toBe('Only answer.');
    await server.close();
  });

  it('works under `opencode serve`: the server lives on and runs the new turn', async () => {
    server = await ScriptedChatServer.start([
      say('First answer.'),
      say('Answer to the re-prompt.'),
    ]);
    const serve = await sandbox.serve({ server, probe: ['idle-prompt-async'] });
    try {
      const session = (await serve.request('POST', '/session', {})) as { id: string };
      expect(session.id).toMatch(/^ses_/);
      // Synchronous prompt: returns the assistant message when the turn is over.
      const reply = (await serve.request('POST', `/session/${session.id}/message`, {
        parts: [{ type: 'text', text: 'Do the work.' }],
      })) as { info: { role: string; finish?: string } };
      expect(reply.info).toMatchObject({ role: 'assistant', finish: 'stop' });
      // Waits until the re-prompt reaches the model; a timeout fails with the server's log.
      await vi.waitFor(() => expect(server.requestForStep(1), serve.stderr()).toBeDefined(), {
        timeout: 30_000,
        interval: 100,
      });
      const again = server.requestForStep(1);
      expect(again?.sessionId).toBe(session.id);
      expect(ScriptedChatServer.userTexts(again!).at(-1)).toBe(IDLE_PROMPT);
    } finally {
      await serve.stop();
    }
  });
});

describe('OpenCode: a plugin hook that throws', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer | undefined;

  beforeAll(async () => {
    sandbox = await OpencodeSandbox.create({ probe: true });
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('in tool.execute.after replaces the tool result with the error; in event, is ignored', async () => {
    server = await ScriptedChatServer.start([
      callTool('bash', { command: 'echo hi', description: 'Echo' }, 'call_bash'),
      say('Still answered.'),
    ]);
    const run = await sandbox.run({
      server,
      prompt: 'Do the work.',
      probe: ['throw-tool-after', 'throw-event'],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.toolResult('call_bash')?.text).toBe('[probe] tool.execute.after failed');
    expect(run.text).toBe('Still answered.');
    await server.close();
    server = undefined;
  });

  it('in chat.message fails the whole turn before the model is asked', async () => {
    server = await ScriptedChatServer.start([say('Never asked.')]);
    const run = await sandbox.run({
      server,
      prompt: 'Do the work.',
      probe: ['throw-chat-message'],
    });
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(1);
    expect(server.ofKind('main')).toHaveLength(0);
  });
});
