/**
 * serveHttp's bounds: a session cap, an idle time that reclaims vanished clients, a body
 * limit on every request and a deadline for receiving one, so a client reaching the port
 * cannot exhaust the process.
 */
import { connect as connectTcp } from 'node:net';
import { PlanEngine } from 'plankeeper';
import { type HttpHandle, type HttpServeOptions, serveHttp } from 'plankeeper/mcp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialize } from '../../support/mcp-frames.js';

const handles: HttpHandle[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function serve(options: Partial<HttpServeOptions> = {}) {
  const handle = await serveHttp({ engine: new PlanEngine(), port: 0, ...options });
  handles.push(handle);
  return handle;
}

const headers = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};
const initializeBody = JSON.stringify(initialize);

async function post(url: string, body: string, sessionId?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, ...(sessionId !== undefined && { 'Mcp-Session-Id': sessionId }) },
    body,
  });
  const text = await response.text();
  return { response, text, sessionId: response.headers.get('mcp-session-id') ?? undefined };
}

describe('serveHttp limits', () => {
  it('refuses sessions past maxSessions with 503 and a JSON-RPC error saying what to do', async () => {
    const handle = await serve({ maxSessions: 2 });
    const first = await post(handle.url, initializeBody);
    await post(handle.url, initializeBody);
    expect(handle.sessionCount()).toBe(2);

    const refused = await post(handle.url, initializeBody);
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('60');
    expect(JSON.parse(refused.text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Server full: 2 MCP sessions are open, the most this server keeps. Close sessions you no longer use (DELETE /mcp with their Mcp-Session-Id), or retry once idle ones have expired.',
      },
    });
    expect(handle.sessionCount()).toBe(2);

    const closed = await fetch(handle.url, {
      method: 'DELETE',
      headers: { ...headers, 'Mcp-Session-Id': first.sessionId! },
    });
    expect(closed.status).toBe(200);
    expect((await post(handle.url, initializeBody)).response.status).toBe(200);
  });

  it('closes a session after 30 idle minutes by default', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const handle = await serve();
    await post(handle.url, initializeBody);
    vi.advanceTimersByTime(29 * 60_000);
    expect(handle.sessionCount()).toBe(1);
    vi.advanceTimersByTime(2 * 60_000);
    expect(handle.sessionCount()).toBe(0);
  });

  it('answers a session request body over maxBodyBytes with 413', async () => {
    const handle = await serve({ maxBodyBytes: 2000 });
    const { sessionId } = await post(handle.url, initializeBody);
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'todos_add', arguments: { todos: [{ content: 'x'.repeat(3000) }] } },
    });
    const refused = await post(handle.url, big, sessionId);
    expect(refused.response.status).toBe(413);
    expect(JSON.parse(refused.text).error.message).toBe(
      'Request body over 2000 bytes; send less per request.',
    );
  });

  it('drops a connection that does not finish its request within requestTimeoutMs', async () => {
    const handle = await serve({ requestTimeoutMs: 300 });
    const socket = connectTcp(handle.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc"`,
    );
    const started = Date.now();
    await ended;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('refuses limits that are not positive whole numbers', async () => {
    for (const option of ['maxSessions', 'maxBodyBytes', 'requestTimeoutMs'] as const) {
      await expect(serveHttp({ engine: new PlanEngine(), port: 0, [option]: 0 })).rejects.toThrow(
        `${option} must be a positive whole number, not 0.`,
      );
    }
  });
});
