/**
 * Host tools: tools the host calls itself (Claude Code's mcp_tool hooks), which its model
 * never sees: not in tools/list, answered with their text, and outside the plan tools' rules.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';

describe('MCP server: hostTools', () => {
  it('answers a host tool by name with its text, and lists only the plan tools', async () => {
    const calls: unknown[] = [];
    const { client } = await connectClient({
      engine: new PlanEngine(),
      hostTools: {
        hook: async (args) => {
          calls.push(args);
          return args.event === 'quiet' ? '' : `answered ${String(args.event)}`;
        },
      },
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain('hook');
    expect(tools).toHaveLength(7);

    const answered = (await client.callTool({
      name: 'hook',
      arguments: { event: 'Stop' },
    })) as CallToolResult;
    expect(answered).toEqual({ content: [{ type: 'text', text: 'answered Stop' }] });
    // Nothing to say: no content at all, as a command hook prints nothing.
    const quiet = (await client.callTool({
      name: 'hook',
      arguments: { event: 'quiet' },
    })) as CallToolResult;
    expect(quiet.content).toEqual([]);
    expect(quiet.isError).toBeFalsy();
    expect(calls).toEqual([{ event: 'Stop' }, { event: 'quiet' }]);
  });

  it('a host tool that throws gives an error result; an unknown name lists the plan tools only', async () => {
    const { client } = await connectClient({
      engine: new PlanEngine(),
      hostTools: {
        hook: async () => {
          throw new Error('store down');
        },
      },
    });
    const failed = (await client.callTool({ name: 'hook', arguments: {} })) as CallToolResult;
    expect(failed).toEqual({
      content: [{ type: 'text', text: 'hook failed: store down' }],
      isError: true,
    });
    await expect(client.callTool({ name: 'toString', arguments: {} })).rejects.toThrow(
      /Unknown tool "toString"; available: todo_write, todo_read, .*todos_get_all\.$/,
    );
  });
});
