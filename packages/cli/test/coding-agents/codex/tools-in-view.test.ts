/**
 * Whether the model sees plankeeper's tools in Codex's first request (pinned 0.171.0), which
 * depends on the model, not on anything an MCP server's config can set: for a model Codex's own
 * catalogue lists (gpt-6-sol here), Codex offers its code-mode `exec` and defers every MCP tool
 * behind it: the request lists `mcp__plankeeper` under "Deferred tool namespaces" and names none
 * of its tools, which the model finds through `ALL_TOOLS` inside `exec`; for a model outside the catalogue (a provider of one's own, as the scripted one), it
 * offers them in plain view, each with its schema. Codex's MCP server settings (enabled_tools,
 * disabled_tools, default_tools_approval_mode, timeouts, required) have no "load always".
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configurePlankeeper } from './support/plankeeper-config.js';
import { ResponsesServer, say } from './support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from './support/run-codex.js';

const PLAN_TOOLS = [
  'todo_read',
  'todo_write',
  'todos_add',
  'todos_complete',
  'todos_get_all',
  'todos_get_remaining',
  'todos_remove',
];

let model: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
});

/** The first request Codex sends for one turn with `modelName`, plankeeper set up. */
async function firstRequest(modelName: string) {
  model = await ResponsesServer.start([say('Hi.')]);
  ws = createCodexWorkspace();
  configurePlankeeper(ws, model, `sqlite:${join(ws.root, 'plans.db')}`, { model: modelName });
  const run = await runCodex(ws, { prompt: 'Hi.' });
  expect(run.code, describeRun(run)).toBe(0);
  return model.main[0]!.body as { tools?: unknown[]; input: unknown[] };
}

describe('plankeeper’s tools in Codex’s first request', () => {
  it('a model outside Codex’s catalogue: in plain view, the seven tools with their schemas', async () => {
    const body = await firstRequest('gpt-test');
    const namespace = (body.tools as { name?: string; tools?: { name: string }[] }[]).find(
      (tool) => tool.name === 'mcp__plankeeper',
    );
    expect(namespace?.tools?.map((tool) => tool.name).sort()).toEqual(PLAN_TOOLS);
    expect(JSON.stringify(namespace)).toContain('"parameters"');
    expect(JSON.stringify(body)).not.toContain('tool_search');
  }, 60_000);

  it('a model of Codex’s catalogue: deferred, the namespace listed but no plan tool named', async () => {
    const body = await firstRequest('gpt-6-sol');
    const text = JSON.stringify(body);
    expect(text).toContain('Deferred tool namespaces:\\n- mcp__plankeeper');
    for (const name of PLAN_TOOLS) expect(text).not.toContain(name);
  }, 60_000);
});
