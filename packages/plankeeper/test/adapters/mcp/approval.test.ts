/**
 * The MCP server with `approval`: it runs plan tools only, so it holds nothing itself, but
 * a write that leaves the plan waiting for a person says so (the host — coding-agent
 * hooks — holds the other tools), and after a person's approval the next result says who.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { getLocale, PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';

const en = getLocale('en');

async function text(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

describe('plankeeper/mcp: approval', () => {
  it('says a written plan waits for approval, until a person approves; then names them once', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connectClient({
      engine,
      agent: 'coder',
      session: 's1',
      approval: { again: 'on-change' },
    });

    const written = await text(client, 'todos_add', { todos: [{ content: 'Run the tests' }] });
    expect(written.split('\n').at(-1)).toBe(en.approval.awaiting);
    // A read is no write: it carries no such line.
    expect(await text(client, 'todos_get_all')).not.toContain(en.approval.awaiting);

    await engine.editAsPerson(server.planKey, { kind: 'approve' }, { name: 'Ana' });
    const next = await text(client, 'todos_complete', { items: [{ id: 1, reason: 'tests pass' }] });
    expect(next.split('\n')[0]).toBe('Approved by a person (Ana): carry out the plan.');
    expect(next).not.toContain(en.approval.awaiting);
    // The model adding a step after approval: the plan waits again (on-change).
    const added = await text(client, 'todos_add', { todos: [{ content: 'Deploy' }] });
    expect(added.split('\n').at(-1)).toBe(en.approval.awaiting);
  });
});
