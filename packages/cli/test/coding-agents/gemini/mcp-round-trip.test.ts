/**
 * The real Gemini CLI with plankeeper's MCP server (`node bin/plankeeper.js mcp --store
 * sqlite:...`, named `plankeeper`): the scripted model calls `mcp_plankeeper_todo_write` with
 * two items, and the next request shows what the model got back.
 *
 * Gemini CLI 0.61 hands the model the MCP result's `content` text blocks only, each wrapped
 * in `<untrusted_context>` (its system prompt tells the model to treat that as data), as
 * `functionResponse.response.output`. It ignores `structuredContent` for the model: the
 * stand-in server below sends both, and the model sees only the text.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInMessages } from '../../support/stand-in-mcp-server.js';
import {
  functionResponses,
  GeminiModelServer,
  type GeminiRecordedRequest,
  toolNames,
} from './support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiRun,
  type GeminiSandbox,
  plankeeperMcpServer,
  runGemini,
  STAND_IN_TEXT,
  standInMcpServer,
} from './support/gemini-runner.js';

const todos = [
  { content: 'Write the parser', status: 'in_progress' },
  { content: 'Test it', status: 'pending' },
];

let server: GeminiModelServer;
let sandbox: GeminiSandbox;
let run: GeminiRun;
let standInLog: string;

beforeAll(async () => {
  sandbox = createGeminiSandbox();
  standInLog = join(sandbox.root, 'stand-in.jsonl');
  sandbox.writeProjectSettings({
    mcpServers: {
      plankeeper: plankeeperMcpServer(`sqlite:${join(sandbox.root, 'plans.db')}`),
      standin: standInMcpServer(standInLog),
    },
  });
  server = await GeminiModelServer.start([
    { call: 'mcp_plankeeper_todo_write', args: { todos } },
    // wait_for_previous: the CLI adds it to every tool's schema and passes it on.
    { call: 'mcp_standin_todo_write', args: { todos, wait_for_previous: true } },
    { text: 'The plan is written.' },
  ]);
  // Default approval mode (no --yolo): `trust: true` alone pre-approves the servers' tools.
  run = await runGemini(sandbox, { server, prompt: 'Plan the parser work.' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  sandbox?.remove();
});

/** The `output` the model got for a tool, in the request after the call. */
function outputFor(tool: string): unknown {
  const request = server.mainRequests.find((each) =>
    functionResponses(each).some((response) => response.name === tool),
  );
  const response = functionResponses(request).find((each) => each.name === tool)?.response;
  expect(response, `no functionResponse for ${tool}`).toBeDefined();
  return response?.output;
}

describe('Gemini CLI with plankeeper as MCP server (real CLI)', () => {
  it('runs the scripted session to the end, offline', () => {
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.json?.response).toBe('The plan is written.');
    expect(server.pending).toBe(0);
    expect(server.exhausted).toBe(0);
    expect(server.externalRequests).toEqual([]);
  });

  it('offers the plan tools to the model as mcp_plankeeper_<tool>', () => {
    const first = server.mainRequests[0] as GeminiRecordedRequest;
    expect(toolNames(first)).toEqual(
      expect.arrayContaining([
        'mcp_plankeeper_todo_write',
        'mcp_plankeeper_todo_read',
        'mcp_plankeeper_todos_add',
        'mcp_plankeeper_todos_complete',
        'mcp_plankeeper_todos_remove',
        'mcp_plankeeper_todos_get_remaining',
        'mcp_plankeeper_todos_get_all',
      ]),
    );
    // The CLI adds an optional `wait_for_previous` to every tool's parameters, MCP ones too.
    const declaration = (first.body?.tools ?? [])
      .flatMap((tool) => tool.functionDeclarations ?? [])
      .find((each) => each.name === 'mcp_plankeeper_todo_write') as
      | { parametersJsonSchema?: { properties?: Record<string, unknown> } }
      | undefined;
    expect(Object.keys(declaration?.parametersJsonSchema?.properties ?? {})).toEqual(
      expect.arrayContaining(['todos', 'wait_for_previous']),
    );
  });

  it("gives the model plankeeper's text result for todo_write, not a JSON document", () => {
    const output = outputFor('mcp_plankeeper_todo_write');
    expect(typeof output).toBe('string');
    const text = output as string;
    expect(text).toMatch(/^<untrusted_context>\n[\s\S]*\n<\/untrusted_context>$/);
    expect(text).toContain('#1 Write the parser');
    expect(text).toContain('#2 Test it');
    expect(text).not.toContain('"items"');
    expect(() => JSON.parse(text.replace(/<\/?untrusted_context>/g, ''))).toThrow();
  });

  it('gives the model the text even when the server also sends structuredContent', () => {
    expect(outputFor('mcp_standin_todo_write')).toBe(
      `<untrusted_context>\n${STAND_IN_TEXT}\n</untrusted_context>`,
    );
    // The stand-in did send structuredContent, and got wait_for_previous in the arguments.
    const calls = standInMessages(standInLog).filter((message) => message.method === 'tools/call');
    expect(calls.map((message) => message.params)).toEqual([
      {
        name: 'todo_write',
        arguments: { todos, wait_for_previous: true },
        _meta: { progressToken: expect.any(String) },
      },
    ]);
  });
});
