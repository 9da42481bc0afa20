import type { PlanStore } from 'plankeeper';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { serveStdio } from 'plankeeper/mcp';
import { sleep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { initialize, initialized, lines, pipes } from '../../support/mcp-frames.js';

/** A store as slow as one across a network: every write takes `ms`. */
function slowStore(ms: number): PlanStore {
  const store = new MemoryPlanStore();
  return Object.assign(Object.create(store) as PlanStore, {
    compareAndSet: async (...args: Parameters<PlanStore['compareAndSet']>) => {
      await sleep(ms);
      return store.compareAndSet(...args);
    },
  });
}

describe('serveStdio', () => {
  it('answers every request already received before closing at the end of input', async () => {
    const engine = new PlanEngine({ store: slowStore(40) });
    const { stdin, stdout, messages } = pipes();
    const handle = await serveStdio({ engine, session: 'piped', stdin, stdout });
    const write = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'todos_add', arguments: { todos: [{ content: 'Piped in' }] } },
    };
    stdin.end(lines(initialize, initialized, write));

    await handle.closed;
    expect(messages().map((message) => message.id)).toEqual([1, 2]);
    expect(messages()[1].result.content[0].text).toContain('Added #1.');
    expect((await engine.snapshot(handle.server.planKey)).items).toHaveLength(1);
  });

  it('closes when stdin ends with nothing in flight, and close() is safe to repeat', async () => {
    const { stdin, stdout, messages } = pipes();
    const handle = await serveStdio({ engine: new PlanEngine(), stdin, stdout });
    stdin.end(lines(initialize));
    await handle.closed;
    expect(messages()).toHaveLength(1);
    await handle.close();
    await handle.close();
  });

  it('uses a fresh session per serveStdio call unless one is given', async () => {
    const engine = new PlanEngine();
    const first = await serveStdio({ engine, ...pipes() });
    const second = await serveStdio({ engine, ...pipes() });
    const named = await serveStdio({ engine, session: 'named', ...pipes() });
    expect(first.server.planKey.session).not.toBe(second.server.planKey.session);
    expect(named.server.planKey).toEqual({ agent: 'mcp', session: 'named' });
    await Promise.all([first.close(), second.close(), named.close()]);
  });

  it('answers an oversized frame with an error for its id and keeps serving', async () => {
    const { stdin, stdout, messages } = pipes();
    const handle = await serveStdio({ engine: new PlanEngine(), stdin, stdout });
    stdin.write(lines(initialize, initialized));
    // Written in pieces, as a pipe delivers it; the id comes last, as the TypeScript SDK writes it.
    const huge = JSON.stringify({
      method: 'tools/call',
      params: {
        name: 'todos_add',
        arguments: { todos: [{ content: 'x'.repeat(11 * 1024 * 1024) }] },
      },
      jsonrpc: '2.0',
      id: 7,
    });
    for (let at = 0; at < huge.length; at += 1 << 16) stdin.write(huge.slice(at, at + (1 << 16)));
    stdin.write('\n');
    stdin.end(lines(addCall(8, 'After the big one')));
    await handle.closed;

    const [tooLarge, after] = [7, 8].map((id) => messages().find((message) => message.id === id));
    expect(tooLarge).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32600,
        message:
          'Message too large: 11 MiB received, the limit is 10 MiB; it was not read. Send less per message.',
      },
    });
    expect(after.id).toBe(8);
    expect(after.result.content[0].text).toContain('Added #1.');
  });

  it('answers a line that is not JSON with -32700 and id null, then keeps serving', async () => {
    const { stdin, stdout, messages } = pipes();
    const handle = await serveStdio({ engine: new PlanEngine(), stdin, stdout });
    stdin.end(
      `${lines(initialize, initialized)}not json\n\n${lines({ jsonrpc: '2.0', id: 3 })}${lines(addCall(4, 'Still here'))}`,
    );
    await handle.closed;
    const [parseError, invalid, after] = [null, 3, 4].map((id) =>
      messages().find((message) => message.id === id),
    );
    expect(messages()).toHaveLength(4);
    expect(parseError).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not valid JSON.' },
    });
    expect(invalid).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message.' },
    });
    expect(after.id).toBe(4);
    expect(after.result.content[0].text).toContain('Added #1.');
  });

  it('reassembles a frame split inside a multi-byte character', async () => {
    const { stdin, stdout, messages } = pipes();
    const handle = await serveStdio({ engine: new PlanEngine(), stdin, stdout });
    stdin.write(lines(initialize, initialized));
    const frame = Buffer.from(lines(addCall(2, '写计划')));
    const cut = frame.indexOf(Buffer.from('写')) + 1;
    stdin.write(frame.subarray(0, cut));
    stdin.end(frame.subarray(cut));
    await handle.closed;
    expect(messages()[1].result.content[0].text).toContain('写计划');
  });

  it('rejects a maxMessageBytes that is not a positive whole number', async () => {
    await expect(
      serveStdio({ engine: new PlanEngine(), maxMessageBytes: 0, ...pipes() }),
    ).rejects.toThrow('maxMessageBytes must be a positive whole number of bytes, not 0.');
  });
});

function addCall(id: number, content: string) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'todos_add', arguments: { todos: [{ content }] } },
  };
}
