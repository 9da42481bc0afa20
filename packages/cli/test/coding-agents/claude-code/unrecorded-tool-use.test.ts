/**
 * A sub-agent's call whose PreToolUse record never came (the hook gave up on a locked store)
 * must not fall back to the server's own key, the main conversation's plan: its whole-list
 * write would replace the main plan ("Removed open items you left out"). The server waits
 * briefly for a record written late, then refuses the call; a call naming no tool use keeps
 * the server's key.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { createPlanMcpServer } from 'plankeeper/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TOOL_USE_META,
  TOOL_USE_RECORD_WAIT_MS,
  toolUseRecord,
} from '../../../src/coding-agents/claude-code/tool-use-keys.js';
import { mcpKeyingFor } from '../../../src/coding-agents/mcp-keying.js';

const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const MAIN = { agent: 'claude-code', session: SESSION };
const SUB = { ...MAIN, scope: ['a31480ec1e6ab1cfb'] };
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

/** The server `mcp --for claude-code` starts inside Claude Code, and its one connection. */
async function serve() {
  const engine = new PlanEngine({ store: new MemoryPlanStore() });
  const server = createPlanMcpServer({
    engine,
    ...mcpKeyingFor('claude-code', { CLAUDE_CODE_SESSION_ID: SESSION }, engine),
    turnRecordsInStore: true,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'claude-code-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  clients.push(client);
  /** What the PreToolUse hook stores for `input`. */
  const record = async (input: Record<string, unknown>) => {
    const { key, state } = toolUseRecord(input)!;
    await engine.updateTurnState(key, () => state);
  };
  const write = async (toolUseId: string | undefined, todos: object[]) =>
    (await client.callTool({
      name: 'todo_write',
      arguments: { todos },
      ...(toolUseId !== undefined && { _meta: { [TOOL_USE_META]: toolUseId } }),
    })) as CallToolResult;
  const contents = async (key: typeof MAIN) =>
    (await engine.snapshot(key)).items.map((item) => `${item.content}:${item.status}`);
  return { engine, record, write, contents };
}

const MAIN_PLAN = [
  { content: 'Write the parser', status: 'in_progress' },
  { content: 'Test the parser', status: 'pending' },
  { content: 'Document the parser', status: 'pending' },
];
const MAIN_CONTENTS = [
  'Write the parser:in_progress',
  'Test the parser:pending',
  'Document the parser:pending',
];

describe('Claude Code: a call naming a tool use no hook recorded', () => {
  it('is refused after a short wait, and the main plan stays as it was', async () => {
    const { record, write, contents } = await serve();
    await record(fixture('PreToolUse'));
    expect((await write('toolu_2025aa5d_001', MAIN_PLAN)).isError).toBeFalsy();

    // The sub-agent's PreToolUse hook gave up on a locked store: no record of this call.
    const started = Date.now();
    const refused = await write('toolu_sub_unrecorded', [
      { content: 'Read the grammar', status: 'in_progress' },
    ]);
    const waited = Date.now() - started;
    expect(refused.isError).toBe(true);
    const text = (refused.content as { text: string }[])[0]!.text;
    expect(text).toMatch(/^todo_write failed: no record of which plan this call is for/);
    expect(text).toContain('toolu_sub_unrecorded');
    expect(text).toContain('call todo_write again');
    expect(text).not.toContain('Removed open items');
    expect(waited).toBeGreaterThanOrEqual(TOOL_USE_RECORD_WAIT_MS - 50);
    expect(waited).toBeLessThan(TOOL_USE_RECORD_WAIT_MS + 1500);
    expect(await contents(MAIN)).toEqual(MAIN_CONTENTS);
    expect(await contents(SUB)).toEqual([]);
  });

  it('waits for a record written late and writes the plan it names', async () => {
    const { record, write, contents } = await serve();
    await record(fixture('PreToolUse'));
    await write('toolu_2025aa5d_001', MAIN_PLAN);
    const call = write('toolu_2025aa5d_005', [
      { content: 'Read the grammar', status: 'in_progress' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await record(fixture('PreToolUse.subagent'));
    expect((await call).isError).toBeFalsy();
    expect(await contents(SUB)).toEqual(['Read the grammar:in_progress']);
    expect(await contents(MAIN)).toEqual(MAIN_CONTENTS);
  });

  it('a call naming no tool use still gets the session the server was started with', async () => {
    const { write, contents } = await serve();
    const started = Date.now();
    expect((await write(undefined, MAIN_PLAN)).isError).toBeFalsy();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await contents(MAIN)).toEqual(MAIN_CONTENTS);
  });
});
