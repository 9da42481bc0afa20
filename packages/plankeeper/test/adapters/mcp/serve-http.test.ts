import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ConfigurationError, PlanEngine } from 'plankeeper';
import {
  type HttpHandle,
  type HttpServeOptions,
  isLoopbackHost,
  PLAN_RESOURCE_URI,
  serveHttp,
} from 'plankeeper/mcp';
import { sleep } from 'plankeeper/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialize } from '../../support/mcp-frames.js';

const handles: HttpHandle[] = [];
const clients: Client[] = [];

afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function serve(options: Partial<HttpServeOptions> & { engine: PlanEngine }) {
  const handle = await serveHttp({ port: 0, ...options });
  handles.push(handle);
  return handle;
}

async function connect(url: string, token?: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(token !== undefined && { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  });
  const client = new Client({ name: 'plankeeper-http-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [first] = result.content;
  return { result, text: first?.type === 'text' ? first.text : '' };
}

const initializeBody = JSON.stringify(initialize);

/** A raw request with full control of the headers (fetch will not send a custom Host). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: options.method ?? 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body ?? initializeBody);
  });
}

describe('serveHttp', () => {
  it('serves the tools on 127.0.0.1 with one plan per MCP session', async () => {
    const engine = new PlanEngine();
    const handle = await serve({ engine });
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

    const first = await connect(handle.url);
    const second = await connect(handle.url);
    expect(handle.sessionCount()).toBe(2);
    const { tools } = await first.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('todo_write');

    const written = await call(first.client, 'todo_write', {
      todos: [{ content: 'Over HTTP', status: 'in_progress' }],
    });
    expect(written.result.isError).toBeFalsy();
    expect((await call(first.client, 'todo_read')).text).toContain('- [>] #1 Over HTTP');
    expect((await call(second.client, 'todo_read')).text).toContain('No todos.');

    // The plan session is the MCP session id, so hosts and dashboards can correlate them.
    const session = first.transport.sessionId!;
    const snapshot = await engine.snapshot({ agent: 'mcp', session });
    expect(snapshot.items.map((item) => item.content)).toEqual(['Over HTTP']);
  });

  it('returns rejections as isError results over HTTP too', async () => {
    const handle = await serve({ engine: new PlanEngine() });
    const { client } = await connect(handle.url);
    const { result, text } = await call(client, 'todo_write', {
      todos: [
        { content: 'A', status: 'in_progress' },
        { content: 'B', status: 'in_progress' },
      ],
    });
    expect(result.isError).toBe(true);
    expect(text).toContain('only one may be');
    expect((await call(client, 'todo_read')).text).toContain('No todos.');
  });

  it('shares one plan across HTTP sessions when a session is fixed', async () => {
    const handle = await serve({ engine: new PlanEngine(), session: 'shared' });
    const first = await connect(handle.url);
    const second = await connect(handle.url);
    await call(first.client, 'todos_add', { todos: [{ content: 'Both see this' }] });
    expect((await call(second.client, 'todos_get_all')).text).toContain('#1 Both see this');
  });

  it('delivers resource updates on the session stream', async () => {
    const handle = await serve({ engine: new PlanEngine(), session: 'live' });
    const watcher = await connect(handle.url);
    const writer = await connect(handle.url);
    const updated = new Promise<string>((resolve) => {
      watcher.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
        resolve(notification.params.uri),
      );
    });
    await watcher.client.subscribeResource({ uri: PLAN_RESOURCE_URI });
    await call(writer.client, 'todos_add', { todos: [{ content: 'Written elsewhere' }] });
    expect(await updated).toBe(PLAN_RESOURCE_URI);
    const { contents } = await watcher.client.readResource({ uri: PLAN_RESOURCE_URI });
    expect(contents[0]).toMatchObject({ text: expect.stringContaining('Written elsewhere') });
  });

  it('ends a session on DELETE and then answers its id with 404', async () => {
    const handle = await serve({ engine: new PlanEngine() });
    const { transport } = await connect(handle.url);
    const sessionId = transport.sessionId!;
    expect(handle.sessionCount()).toBe(1);
    await transport.terminateSession();
    expect(handle.sessionCount()).toBe(0);
    const response = await rawRequest(handle.url, { headers: { 'Mcp-Session-Id': sessionId } });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).error.message).toMatch(/Session not found/);
  });

  it('closes a session left idle (no requests, no open stream), and its id then gets 404', async () => {
    const handle = await serve({ engine: new PlanEngine(), sessionIdleMs: 1000 });
    const opened = await rawRequest(handle.url);
    const sessionId = String(opened.headers['mcp-session-id']);
    const ping = () =>
      rawRequest(handle.url, {
        headers: { 'Mcp-Session-Id': sessionId },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
      });
    // Used every 100 ms for 1.5 s, longer than the idle time: stays open.
    for (let round = 0; round < 15; round++) {
      expect((await ping()).status).toBe(200);
      await sleep(100);
    }
    expect(handle.sessionCount()).toBe(1);
    await vi.waitFor(() => expect(handle.sessionCount()).toBe(0), { timeout: 5000 });
    const gone = await ping();
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).error.message).toBe('Session not found; initialize again.');
  });

  it('keeps an idle session open while its client holds a stream, and closes it after', async () => {
    const handle = await serve({ engine: new PlanEngine(), sessionIdleMs: 500 });
    const opened = await rawRequest(handle.url);
    const sessionId = String(opened.headers['mcp-session-id']);
    const stream = httpRequest(handle.url, {
      method: 'GET',
      headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': sessionId },
    });
    const status = new Promise<number>((resolve) =>
      stream.on('response', (response) => resolve(response.statusCode ?? 0)),
    );
    stream.on('error', () => {});
    stream.end();
    expect(await status).toBe(200);
    await sleep(1500);
    expect(handle.sessionCount()).toBe(1);
    stream.destroy();
    await vi.waitFor(() => expect(handle.sessionCount()).toBe(0), { timeout: 5000 });
  });

  it('refuses a negative idle time', async () => {
    await expect(
      serveHttp({ engine: new PlanEngine(), port: 0, sessionIdleMs: -1 }),
    ).rejects.toThrow(/sessionIdleMs must be 0 \(never close\) or a positive number/);
  });

  it('answers requests it cannot route with clear errors', async () => {
    const handle = await serve({ engine: new PlanEngine() });
    const base = handle.url.replace(/\/mcp$/, '');
    expect((await rawRequest(`${base}/other`)).status).toBe(404);

    const noSession = await rawRequest(handle.url, {
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(noSession.status).toBe(400);
    expect(noSession.body).toContain('start a session with initialize');

    const notJson = await rawRequest(handle.url, { body: '{"jsonrpc": "2.0",' });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ error: { code: -32700 } });

    expect((await rawRequest(handle.url, { method: 'GET', body: '' })).status).toBe(400);
    expect(handle.sessionCount()).toBe(0);
  });

  it('refuses requests whose Host or Origin is not loopback (DNS rebinding)', async () => {
    const handle = await serve({ engine: new PlanEngine() });
    const badHost = await rawRequest(handle.url, { headers: { Host: 'attacker.example:80' } });
    expect(badHost.status).toBe(403);
    const badOrigin = await rawRequest(handle.url, {
      headers: { Origin: 'http://attacker.example' },
    });
    expect(badOrigin.status).toBe(403);
    const goodOrigin = await rawRequest(handle.url, {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(goodOrigin.status).toBe(200);
  });

  it('requires the bearer token when one is set', async () => {
    const handle = await serve({ engine: new PlanEngine(), token: 's3cret-token' });

    const missing = await rawRequest(handle.url);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await rawRequest(handle.url, { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    await expect(connect(handle.url)).rejects.toThrow();
    expect(handle.sessionCount()).toBe(0);

    const { client } = await connect(handle.url, 's3cret-token');
    expect((await call(client, 'todo_read')).text).toContain('No todos.');
    expect(handle.sessionCount()).toBe(1);
  });

  it('refuses to bind beyond loopback without a token', async () => {
    const engine = new PlanEngine();
    await expect(serveHttp({ engine, port: 0, host: '0.0.0.0' })).rejects.toThrow(
      ConfigurationError,
    );
    await expect(serveHttp({ engine, port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /Refusing to serve MCP on 0\.0\.0\.0 without a token/,
    );
    await expect(serveHttp({ engine, port: 0, token: 'two words' })).rejects.toThrow(
      /no whitespace/,
    );
    await expect(serveHttp({ engine, port: 70000 })).rejects.toThrow(/0 to 65535/);
  });

  it('closes every session and stops listening on close()', async () => {
    const handle = await serveHttp({ engine: new PlanEngine(), port: 0 });
    await connect(handle.url);
    await handle.close();
    expect(handle.sessionCount()).toBe(0);
    await expect(rawRequest(handle.url)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['app.localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['::ffff:10.0.0.1', false],
    ['example.com', false],
    ['localhost.example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
