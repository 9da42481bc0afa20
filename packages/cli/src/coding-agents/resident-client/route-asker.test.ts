/**
 * A hook event over a resident answerer's route, against a stand-in answerer on loopback: the
 * request reads back as the forwarder's (readRouteRequest), `ok` gives the hook's output and
 * stderr, and everything else is either `elsewhere` (a hook process answers) or `late`.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { END, readRouteRequest } from '../hook-route/route-request.js';
import { askRoute, type RouteRequest } from './route-asker.js';

const SECRET = 'abc123';
let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stand-in answerer: `reply` decides what to do with each whole request. */
async function answerer(reply: (request: string, socket: Socket) => void): Promise<number> {
  server = createServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += String(chunk);
      if (text.endsWith(END)) reply(text, socket);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as { port: number }).port;
}

const request: RouteRequest = {
  cwd: '/work/project',
  words: ['node', '/x/bin/plankeeper.js', 'hook', 'copilot', 'postToolUse', '--lang', 'zh'],
  input: { sessionId: 's-1', toolName: 'view', note: 'two\nlines' },
  env: { PLANKEEPER_STORE: 'sqlite:/tmp/p.db', UNRELATED: 'not sent' },
};
const route = (port: number) => ({ pid: process.pid, port, secret: SECRET });

describe('askRoute', () => {
  it('sends what the answerer reads as the forwarder’s request, and returns its output', async () => {
    let read: unknown;
    const port = await answerer((text, socket) => {
      read = readRouteRequest(text);
      socket.end(`ok\n{"additionalContext":"plan"}${END}a warning\n`);
    });
    const reply = await askRoute(route(port), request, 2000);
    expect(reply).toEqual({ stdout: '{"additionalContext":"plan"}', stderr: 'a warning\n' });
    expect(read).toEqual({
      cwd: '/work/project',
      env: { PLANKEEPER_STORE: 'sqlite:/tmp/p.db' },
      args: ['copilot', 'postToolUse', '--lang', 'zh'],
      input: JSON.stringify(request.input),
    });
  });

  it('opens with the header and the route’s secret', async () => {
    let head = '';
    const port = await answerer((text, socket) => {
      head = text.split('\n').slice(0, 2).join('\n');
      socket.end(`ok\n${END}`);
    });
    await askRoute(route(port), request, 2000);
    expect(head).toBe(`plankeeper-hook 1\n${SECRET}`);
  });

  it('is elsewhere when the event is passed back, or the answer is cut off', async () => {
    const port = await answerer((text, socket) => {
      socket.end(text.includes('agentStop') ? 'pass\n' : 'ok\n{"half":');
    });
    const stop = { ...request, words: ['plankeeper', 'hook', 'copilot', 'agentStop'] };
    expect(await askRoute(route(port), stop, 2000)).toBe('elsewhere');
    expect(await askRoute(route(port), request, 2000)).toBe('elsewhere');
  });

  it('is elsewhere when nothing listens on the port', async () => {
    const port = await answerer(() => {});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(await askRoute(route(port), request, 2000)).toBe('elsewhere');
  });

  it('is late when no answer comes within the wait', async () => {
    const port = await answerer(() => {});
    const started = Date.now();
    expect(await askRoute(route(port), request, 150)).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('sends nothing for a word the request cannot carry, a line break in it', async () => {
    let asked = false;
    const port = await answerer((_, socket) => {
      asked = true;
      socket.end(`ok\n${END}`);
    });
    const cwd = '/work/two\nlines';
    expect(await askRoute(route(port), { ...request, cwd }, 2000)).toBe('elsewhere');
    expect(asked).toBe(false);
  });
});
