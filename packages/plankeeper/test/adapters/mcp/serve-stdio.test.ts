import { PassThrough } from 'node:stream';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { serveStdio } from '../../../src/adapters/mcp/index.js';
import { PlanEngine } from '../../../src/engine/plan-engine.js';
import { MemoryPlanStore } from '../../../src/engine/store/memory-store.js';
import type { PlanStore } from '../../../src/engine/store/plan-store.js';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'pipe', version: '1' },
  },
};
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** Newline-delimited JSON, as the stdio transport reads it. */
function lines(...messages: object[]): string {
  return messages.map((message) => `${JSON.stringify(message)}\n`).join('');
}

/** A store as slow as one across a network: every write takes `ms`. */
function slowStore(ms: number): PlanStore {
  const store = new MemoryPlanStore();
  return Object.assign(Object.create(store) as PlanStore, {
    compareAndSet: async (...args: Parameters<PlanStore['compareAndSet']>) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return store.compareAndSet(...args);
    },
  });
}

function pipes() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let output = '';
  stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const messages = () =>
    output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  return { stdin, stdout, messages };
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
});
