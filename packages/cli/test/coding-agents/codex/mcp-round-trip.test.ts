/**
 * The real Codex CLI with `plankeeper mcp` as its MCP server `plankeeper`: what the model
 * receives as a plankeeper tool result. Codex hands the model an MCP result's
 * `structuredContent` (as JSON) INSTEAD of its text content whenever it is present, and the
 * text otherwise; plankeeper's server therefore sends text only by default.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpCall, ResponsesServer, say } from './support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  plankeeperMcpServer,
  runCodex,
  standInMcpServer,
} from './support/run-codex.js';

const two = {
  todos: [
    { content: 'Look up the policy', status: 'in_progress' },
    { content: 'Draft the answer', status: 'pending' },
  ],
};

let model: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
  model = undefined;
  ws = undefined;
});

describe('Codex CLI with plankeeper mcp', () => {
  it('gives the model plankeeper’s text result for todo_write', async () => {
    model = await ResponsesServer.start([
      mcpCall('plankeeper', 'todo_write', two),
      say('The plan is written.'),
    ]);
    ws = createCodexWorkspace();
    ws.configure({
      modelUrl: model.url,
      mcpServers: {
        plankeeper: plankeeperMcpServer(['--store', `sqlite:${join(ws.root, 'plans.db')}`]),
      },
    });

    const run = await runCodex(ws, { prompt: 'Plan the answer.' });
    expect(run.code, describeRun(run)).toBe(0);

    const [first, second] = model.main;
    expect(model.main).toHaveLength(2);
    expect(model.unscripted).toBe(0);
    // Codex offers MCP tools in the namespace mcp__<server>.
    expect(model.toolNames(first!)).toContain('mcp__plankeeper/todo_write');

    const received = model.toolOutput(second!, first!.callIds[0]!);
    expect(received).toBeDefined();
    expect(received).toContain('Todo list updated (0/2 completed).');
    expect(received).toMatch(/#1\b.*Look up the policy/);
    expect(received).toMatch(/#2\b.*Draft the answer/);
    // The rendered text, not a JSON document of the plan.
    expect(received).not.toMatch(/"items"\s*:/);
    expect(received).not.toMatch(/^\s*[{[]/m);

    const call = run.events.find(
      (event) => event.type === 'item.completed' && event.item?.type === 'mcp_tool_call',
    );
    expect(call?.item).toMatchObject({
      server: 'plankeeper',
      tool: 'todo_write',
      status: 'completed',
    });
  });
});

describe('what Codex shows the model of an MCP result (stand-in server)', () => {
  async function echoThrough(structured: boolean): Promise<string | undefined> {
    model = await ResponsesServer.start([
      mcpCall('standin', 'echo', { text: 'hello plan' }),
      say('Echoed.'),
    ]);
    ws = createCodexWorkspace();
    const log = join(ws.root, 'mcp.jsonl');
    ws.configure({
      modelUrl: model.url,
      mcpServers: { standin: standInMcpServer(log, { structured }) },
    });
    const run = await runCodex(ws, { prompt: 'Echo something.' });
    expect(run.code, describeRun(run)).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('"method":"tools/call"');
    const [first, second] = model.main;
    return model.toolOutput(second!, first!.callIds[0]!);
  }

  it('shows the text content when the result has no structuredContent', async () => {
    const received = await echoThrough(false);
    expect(received).toContain('ECHO TEXT: hello plan');
  });

  it('shows only the structuredContent JSON, not the text, when both are present', async () => {
    const received = await echoThrough(true);
    expect(received).toContain('{"echoed":"hello plan"}');
    expect(received).not.toContain('ECHO TEXT');
  });
});
