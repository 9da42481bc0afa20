/**
 * A field named `__proto__` is unknown like any other, over MCP too: the arguments reach
 * the tool as JSON.parse made them (with `__proto__` as an own property), not as the SDK's
 * record copy, which drops it.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';

async function connect() {
  const engine = new PlanEngine();
  return { ...(await connectClient({ engine })), engine };
}

// What a transport hands over after JSON.parse of the wire message.
const wire = (json: string) => JSON.parse(json) as Record<string, unknown>;

describe('a __proto__ field over MCP', () => {
  it.each([
    ['todo_write', '{"todos":[{"content":"A","status":"pending"}],"__proto__":{}}', '__proto__'],
    [
      'todo_write',
      '{"todos":[{"content":"A","status":"pending","__proto__":{"x":1}}]}',
      'todos[0].__proto__',
    ],
    ['todos_add', '{"todos":[{"content":"A"}],"__proto__":{}}', '__proto__'],
    ['todos_remove', '{"ids":["1"],"__proto__":{}}', '__proto__'],
    ['todo_read', '{"__proto__":{}}', '__proto__'],
  ])('%s %s is rejected and changes nothing', async (name, json, where) => {
    const { client, engine, server } = await connect();
    await client.callTool({
      name: 'todo_write',
      arguments: { todos: [{ content: 'Keep me', status: 'in_progress' }] },
    });
    const before = await engine.snapshot(server.planKey);
    const result = (await client.callTool({ name, arguments: wire(json) })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining(`${where}: unknown field "__proto__".`),
    });
    expect(await engine.snapshot(server.planKey)).toEqual(before);
    await client.close();
  });
});
