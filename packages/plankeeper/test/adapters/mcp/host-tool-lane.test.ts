/**
 * Host tool calls over stdio are answered as their line is read, not through the SDK's request
 * path (host-tool-lane.ts): the same result as the SDK's path gives, counted as in flight when
 * stdin ends, and anything not a well-formed call of a host tool left to the SDK.
 */
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { type HostTool, serveStdio } from 'plankeeper/mcp';
import { sleep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { initialize, lines, pipes } from '../../support/mcp-frames.js';

function call(id: number | string | undefined, name: unknown, args: unknown = {}) {
  return {
    jsonrpc: '2.0',
    ...(id !== undefined && { id }),
    method: 'tools/call',
    params: { name, arguments: args },
  };
}

/** serveStdio with `hook` as its host tool, over pipes; the SDK's tools/call handler replaced. */
async function served(hook: HostTool) {
  const { stdin, stdout, messages } = pipes();
  const handle = await serveStdio({ engine: new PlanEngine(), hostTools: { hook }, stdin, stdout });
  // Every tools/call the SDK's path handles now says so: a host tool call must not get here.
  handle.server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `through the SDK: ${request.params.name}` }],
  }));
  const answer = (id: number | string) => messages().find((message) => message.id === id);
  return { stdin, handle, answer, messages };
}

describe('serveStdio: host tool calls', () => {
  it('answers a host tool call from its line, with the result the SDK path gives', async () => {
    const calls: unknown[] = [];
    const { stdin, handle, answer } = await served(async (args) => {
      calls.push(args);
      return args.event === 'quiet' ? '' : `answered ${String(args.event)}`;
    });
    stdin.end(
      lines(
        initialize,
        call(2, 'hook', { event: 'Stop' }),
        call('q', 'hook', { event: 'quiet' }),
        call(4, 'hook', 'not an object'),
        call(5, 'todos_add', { todos: [{ content: 'A plan tool' }] }),
      ),
    );
    await handle.closed;
    expect(answer(2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'answered Stop' }] },
    });
    expect(answer('q').result).toEqual({ content: [] });
    expect(answer(4).result).toEqual({ content: [{ type: 'text', text: 'answered undefined' }] });
    expect(answer(5).result.content[0].text).toBe('through the SDK: todos_add');
    expect(calls).toEqual([{ event: 'Stop' }, { event: 'quiet' }, {}]);
  });

  it('gives a host tool that throws an error result', async () => {
    const { stdin, handle, answer } = await served(async () => {
      throw new Error('store down');
    });
    stdin.end(lines(initialize, call(2, 'hook')));
    await handle.closed;
    expect(answer(2).result).toEqual({
      content: [{ type: 'text', text: 'hook failed: store down' }],
      isError: true,
    });
  });

  it('answers a call still in flight when stdin ends before the server closes', async () => {
    const { stdin, handle, answer } = await served(async () => {
      await sleep(60);
      return 'late but answered';
    });
    stdin.end(lines(initialize, call(2, 'hook')));
    await handle.closed;
    expect(answer(2).result.content[0].text).toBe('late but answered');
  });

  it('leaves to the SDK a call that is not a well-formed call of a host tool', async () => {
    let called = 0;
    const { stdin, handle, answer, messages } = await served(async () => {
      called++;
      return 'answered';
    });
    stdin.end(
      lines(
        initialize,
        call(2, 'toString'),
        call(3, 42),
        call(undefined, 'hook'), // a notification: nothing is answered
        { ...call(5, 'hook'), jsonrpc: '1.0' },
      ),
    );
    await handle.closed;
    expect(called).toBe(0);
    expect(answer(2).result.content[0].text).toBe('through the SDK: toString');
    expect(answer(3).error.message).toMatch(/name/); // the SDK's schema check
    expect(answer(5).error).toEqual({
      code: -32600,
      message: 'Invalid Request: not a JSON-RPC 2.0 message.',
    });
    expect(messages()).toHaveLength(4);
  });
});
