import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import type { PlanMcpServerOptions } from 'plankeeper/mcp';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';

async function connect(options: PlanMcpServerOptions) {
  return (await connectClient(options)).client;
}

const write = (content: string) => ({ todos: [{ content, status: 'pending' }] });

describe('MCP server: keyForCall', () => {
  it('writes each call to the plan its _meta names, and the server key when it names none', async () => {
    const engine = new PlanEngine();
    const client = await connect({
      engine,
      agent: 'codex',
      session: 'fallback',
      keyForCall: ({ meta }) =>
        typeof meta?.sessionId === 'string'
          ? { agent: 'codex', session: meta.sessionId }
          : undefined,
    });
    await client.callTool({
      name: 'todo_write',
      arguments: write('A'),
      _meta: { sessionId: 's1' },
    });
    await client.callTool({
      name: 'todo_write',
      arguments: write('B'),
      _meta: { sessionId: 's2' },
    });
    await client.callTool({ name: 'todo_write', arguments: write('C') });
    const contents = async (session: string) =>
      (await engine.snapshot({ agent: 'codex', session })).items.map((item) => item.content);
    expect(await contents('s1')).toEqual(['A']);
    expect(await contents('s2')).toEqual(['B']);
    expect(await contents('fallback')).toEqual(['C']);
  });

  it('refuses a call whose key function throws, with its message as the tool error', async () => {
    const engine = new PlanEngine();
    const client = await connect({
      engine,
      agent: 'codex',
      session: 'fallback',
      keyForCall: ({ meta }) => {
        if (meta?.unknown) throw new Error('no plan for this call; call it again');
        return undefined;
      },
    });
    const refused = (await client.callTool({
      name: 'todo_write',
      arguments: write('A'),
      _meta: { unknown: true },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([
      { type: 'text', text: 'todo_write failed: no plan for this call; call it again' },
    ]);
    expect((await engine.snapshot({ agent: 'codex', session: 'fallback' })).items).toEqual([]);
  });
});

describe('MCP server: ignoredArguments', () => {
  it('drops exactly the named argument and still rejects any other unknown one', async () => {
    const engine = new PlanEngine();
    const client = await connect({
      engine,
      session: 's',
      ignoredArguments: ['wait_for_previous'],
    });
    const accepted = (await client.callTool({
      name: 'todo_write',
      arguments: { ...write('A'), wait_for_previous: true },
    })) as CallToolResult;
    expect(accepted.isError).toBeFalsy();
    const rejected = (await client.callTool({
      name: 'todo_write',
      arguments: { ...write('B'), wait_for_later: true },
    })) as CallToolResult;
    expect(rejected.isError).toBe(true);
    expect(JSON.stringify(rejected.content)).toContain('wait_for_later');
    expect((await engine.snapshot({ agent: 'mcp', session: 's' })).items).toHaveLength(1);
  });

  it('without the option, wait_for_previous is an unknown field like any other', async () => {
    const client = await connect({ engine: new PlanEngine(), session: 's' });
    const result = (await client.callTool({
      name: 'todo_write',
      arguments: { ...write('A'), wait_for_previous: true },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
  });

  it('can key a call by an argument the host adds, which the tool never sees', async () => {
    const engine = new PlanEngine();
    const client = await connect({
      engine,
      agent: 'opencode',
      session: 'fallback',
      ignoredArguments: ['host_session'],
      keyForCall: ({ arguments: args }) =>
        typeof args?.host_session === 'string'
          ? { agent: 'opencode', session: args.host_session }
          : undefined,
    });
    const result = (await client.callTool({
      name: 'todo_write',
      arguments: { ...write('A'), host_session: 's1' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(
      (await engine.snapshot({ agent: 'opencode', session: 's1' })).items.map((i) => i.content),
    ).toEqual(['A']);
    expect((await engine.snapshot({ agent: 'opencode', session: 'fallback' })).items).toEqual([]);
  });
});
