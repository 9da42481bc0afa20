/**
 * The real OpenCode CLI with plankeeper as its MCP server `plankeeper`: the scripted model
 * calls `plankeeper_todo_write` with two items, and the next request shows exactly what the
 * model got back. OpenCode builds an MCP tool's result from its `content` blocks only (text
 * parts joined by newlines) and never looks at `structuredContent`; two stand-in servers,
 * one with and one without `structuredContent`, show that independently of plankeeper.
 *
 * One `opencode run` serves every assertion here (about 3 s of CPU).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpencodeRun,
  OpencodeSandbox,
  plankeeperMcpCommand,
  standinMcpCommand,
} from './support/opencode-runner.js';
import { callTool, ScriptedChatServer, say } from './support/scripted-chat-server.js';

describe('OpenCode: MCP tool results as the model receives them', () => {
  let sandbox: OpencodeSandbox;
  let server: ScriptedChatServer;
  let run: OpencodeRun;
  const callIds = { plankeeper: 'call_pk_write', structured: 'call_standin', plain: 'call_plain' };

  beforeAll(async () => {
    sandbox = await OpencodeSandbox.create();
    const store = join(sandbox.dir('store'), 'plans.db');
    sandbox.writeProjectFile('opencode.json', {
      $schema: 'https://opencode.ai/config.json',
      mcp: {
        plankeeper: { type: 'local', command: plankeeperMcpCommand(store), enabled: true },
        standin: {
          type: 'local',
          command: standinMcpCommand(join(sandbox.recordDir, 'standin.jsonl')),
        },
        plain: {
          type: 'local',
          command: standinMcpCommand(join(sandbox.recordDir, 'plain.jsonl'), { structured: false }),
        },
      },
      // MCP tools are named <server>_<tool>; `opencode run` rejects anything that would ask.
      permission: { 'plankeeper_*': 'allow', 'standin_*': 'allow', 'plain_*': 'allow' },
    });
    server = await ScriptedChatServer.start([
      callTool(
        'plankeeper_todo_write',
        {
          todos: [
            { content: 'Write the parser', status: 'in_progress' },
            { content: 'Test the parser', status: 'pending' },
          ],
        },
        callIds.plankeeper,
      ),
      callTool('standin_show_plan', {}, callIds.structured),
      callTool('plain_show_plan', {}, callIds.plain),
      say('Planned.'),
    ]);
    run = await sandbox.run({ server, prompt: 'Plan the parser work.' });
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('runs the whole script offline', () => {
    expect(run.timedOut, run.stderr).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(server.pending).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.blockedRequests).toEqual([]);
    expect(run.text).toContain('Planned.');
  });

  it('lists the plankeeper tools as plankeeper_<tool>', () => {
    const tools = server.ofKind('main')[0]?.body.tools?.map((tool) => tool.function.name) ?? [];
    expect(tools).toEqual(
      expect.arrayContaining([
        'plankeeper_todo_write',
        'plankeeper_todo_read',
        'standin_show_plan',
      ]),
    );
  });

  it("gives the model plankeeper's rendered text for todo_write, not a JSON document", () => {
    const result = server.toolResult(callIds.plankeeper);
    expect(result, 'no tool result for the todo_write call').toBeDefined();
    const text = result?.text ?? '';
    expect(text).toContain('#1');
    expect(text).toContain('Write the parser');
    expect(text).toContain('#2');
    expect(text).toContain('Test the parser');
    expect(text.trimStart().startsWith('{')).toBe(false);
    expect(text).not.toContain('"items"');
    // OpenCode sends the text as the tool message's plain string content.
    expect(typeof result?.content).toBe('string');
  });

  it('gives the model the text even when the server also sends structuredContent', () => {
    const text = server.toolResult(callIds.structured)?.text;
    expect(text).toBe('Plan (2 open):\n#1 [ ] Write the parser\n#2 [ ] Test the parser');
    expect(text).not.toContain('"version"');
  });

  it('gives the model the same text when the server sends no structuredContent', () => {
    expect(server.toolResult(callIds.plain)?.text).toBe(
      'Plan (2 open):\n#1 [ ] Write the parser\n#2 [ ] Test the parser',
    );
  });
});
