/**
 * The real Claude Code CLI (pinned 2.1.328) with MCP servers, driven by a scripted model:
 * what does the model get back from an MCP tool call?
 *
 * Claude Code hands the model an MCP result's `content` blocks, except when the result also
 * carries `structuredContent`: then the model gets `JSON.stringify(structuredContent)` as
 * the whole tool result, and the text is dropped (the stand-in's `--structured` case below).
 * That is why plankeeper's MCP server sends only the text unless asked for structured data.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpJson, plankeeperMcpServer, standinMcpServer } from './support/claude-config.js';
import { ClaudeSandbox } from './support/claude-runner.js';
import { callTool, ScriptedAnthropicServer, say } from './support/scripted-anthropic-server.js';

const TWO_ITEMS = {
  todos: [
    { content: 'Write the parser', status: 'in_progress' },
    { content: 'Test the parser', status: 'pending' },
  ],
};

describe('Claude Code: MCP tool results as the model sees them', () => {
  let server: ScriptedAnthropicServer | undefined;
  let sandbox: ClaudeSandbox | undefined;
  beforeEach(() => {
    server = undefined;
    sandbox = undefined;
  });
  afterEach(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  /** Runs one prompt where the model calls `tool` with TWO_ITEMS, then says "Done.". */
  async function roundTrip(
    serverName: string,
    entry: (sandbox: ClaudeSandbox) => ReturnType<typeof plankeeperMcpServer>,
    tool: string,
  ) {
    server = await ScriptedAnthropicServer.start([callTool(tool, TWO_ITEMS), say('Done.')]);
    sandbox = await ClaudeSandbox.create();
    sandbox.writeProjectFile('.mcp.json', mcpJson({ [serverName]: entry(sandbox) }));
    // Pre-approved (server-wide rule), honoured because the sandbox trusts the project.
    sandbox.writeProjectFile('.claude/settings.json', {
      permissions: { allow: [`mcp__${serverName}`] },
    });
    const run = await sandbox.run({ server, prompt: 'Plan the parser work.' });
    expect(run.timedOut).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(run.result?.is_error).toBe(false);
    expect(run.result?.permission_denials).toEqual([]);
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
    expect(server.blockedRequests).toEqual([]);
    const callId = server.steps[0]!.toolCalls[0]!.id;
    const result = server.toolResult(callId);
    expect(result, 'the next request carries the tool result').toBeDefined();
    expect(result!.request.kind).toBe('main');
    expect(result!.isError).toBe(false);
    return result!;
  }

  it('plankeeper mcp: the model reads the rendered todo list, not a JSON document', async () => {
    const result = await roundTrip(
      'plankeeper',
      (box) => plankeeperMcpServer(`sqlite:${join(box.dir('store'), 'plans.db')}`),
      'mcp__plankeeper__todo_write',
    );
    expect(result.text).toContain('#1 Write the parser');
    expect(result.text).toContain('#2 Test the parser');
    expect(result.text.trimStart().startsWith('{')).toBe(false);
    expect(result.text).not.toContain('"items"');
    // Content blocks arrive as they were sent: one text block.
    expect(result.content).toEqual([{ type: 'text', text: result.text }]);
  });

  it('a server that sends no structuredContent: its text reaches the model', async () => {
    const result = await roundTrip(
      'standin',
      (box) => standinMcpServer(join(box.root, 'standin.log')),
      'mcp__standin__todo_write',
    );
    expect(result.text).toBe(
      'Todo list saved (2 items).\n- #1 Write the parser\n- #2 Test the parser',
    );
  });

  it('a server that also sends structuredContent: the model gets that JSON instead of the text', async () => {
    const result = await roundTrip(
      'standin',
      (box) => standinMcpServer(join(box.root, 'standin.log'), { structured: true }),
      'mcp__standin__todo_write',
    );
    // Host behaviour of Claude Code 2.1.328 (the reason plankeeper sends none by default).
    expect(result.content).toBe(
      JSON.stringify({
        items: [
          { id: 1, content: 'Write the parser', status: 'in_progress' },
          { id: 2, content: 'Test the parser', status: 'pending' },
        ],
        version: 1,
      }),
    );
    expect(result.text).not.toContain('#1 Write the parser');
  });
});
