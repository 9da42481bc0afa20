/**
 * One loopback rule for everything that serves HTTP: `plankeeper mcp --http --host`,
 * `plankeeper dashboard --host`, both servers' bind checks and both servers' Host checks
 * give the same verdict for every host in the table. `*.localhost` is loopback (RFC 6761);
 * an address the resolver picks beyond loopback still needs a token.
 */
import dns from 'node:dns';
import { request as httpRequest } from 'node:http';
import { connect, isIPv6 } from 'node:net';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import { isLoopbackHost } from 'plankeeper/http';
import * as mcp from 'plankeeper/mcp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDashboard } from '../../src/cli/commands/dashboard.js';
import { parseMcpFlags } from '../../src/cli/commands/mcp.js';
import * as dashboard from '../../src/dashboard/index.js';

const HOSTS: [host: string, loopback: boolean][] = [
  ['127.0.0.1', true],
  ['127.5.5.5', true],
  ['::1', true],
  ['[::1]', true],
  ['::ffff:127.0.0.1', true],
  ['localhost', true],
  ['app.localhost', true],
  ['LOCALHOST.', true],
  ['0.0.0.0', false],
  ['::', false],
  ['example.com', false],
  ['localhost.example.com', false],
  ['10.0.0.1', false],
  ['192.168.1.10', false],
  ['128.0.0.1', false],
];

/** True when starting on `host` without a token failed for lack of one (not, say, resolving). */
async function refusedForToken(start: () => Promise<unknown>, message: RegExp): Promise<boolean> {
  try {
    const started = await start();
    await (started as { close?: () => Promise<void> } | undefined)?.close?.();
    return false;
  } catch (error) {
    return message.test((error as Error).message);
  }
}

const MCP_REFUSAL = /Refusing to serve MCP on .* without a token/;
const DASHBOARD_REFUSAL = /Refusing to serve plans on .* without an access token/;

function startMcp(host: string) {
  return mcp.serveHttp({ engine: new PlanEngine(), port: 0, host });
}

function startDashboard(host: string) {
  return dashboard.createDashboardServer({ store: new MemoryPlanStore(), host });
}

/** The status of a GET sent to 127.0.0.1 with this Host header. */
function statusFor(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('the loopback rule', () => {
  let mcpServer: mcp.HttpHandle;
  let dashboardServer: dashboard.DashboardServer;
  beforeAll(async () => {
    mcpServer = await startMcp('127.0.0.1');
    dashboardServer = await startDashboard('127.0.0.1');
  });
  afterAll(async () => {
    await mcpServer?.close();
    await dashboardServer?.close();
  });

  it('is the one function every entry exports', () => {
    expect(mcp.isLoopbackHost).toBe(isLoopbackHost);
    expect(dashboard.isLoopbackHost).toBe(isLoopbackHost);
  });

  it('refuses a request without a Host header on both servers', async () => {
    expect(await statusWithoutHost(mcpServer.port, '/mcp')).toBe(403);
    expect(await statusWithoutHost(dashboardServer.port, '/api/plans')).toBe(403);
  });

  it.each(HOSTS)('%s: loopback %s for both commands and both servers', async (host, loopback) => {
    const hostHeader = `${isIPv6(host) ? `[${host}]` : host}:80`;
    const stopped = AbortSignal.abort();
    const verdicts = {
      rule: isLoopbackHost(host),
      mcpCommand: !refusedSync(() => parseMcpFlags({ http: '0', host }, {}, process.cwd())),
      dashboardCommand: !(await refusedForToken(
        () =>
          runDashboard(
            { host, port: '0', store: 'memory' },
            { stdout: { write: () => true }, env: {}, signal: stopped },
          ),
        /needs an access token/,
      )),
      mcpServer: !(await refusedForToken(() => startMcp(host), MCP_REFUSAL)),
      dashboardServer: !(await refusedForToken(() => startDashboard(host), DASHBOARD_REFUSAL)),
      mcpHostHeader: (await statusFor(mcpServer.port, '/mcp', hostHeader)) !== 403,
      dashboardHostHeader:
        (await statusFor(dashboardServer.port, '/api/plans', hostHeader)) !== 403,
    };
    expect(verdicts).toEqual({
      rule: loopback,
      mcpCommand: loopback,
      dashboardCommand: loopback,
      mcpServer: loopback,
      dashboardServer: loopback,
      mcpHostHeader: loopback,
      dashboardHostHeader: loopback,
    });
  });
});

/** A raw HTTP/1.0 request without a Host header (Node answers 400 to HTTP/1.1 without one). */
function statusWithoutHost(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(`GET ${path} HTTP/1.0\r\nAccept: application/json, text/event-stream\r\n\r\n`);
    });
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(reply)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

function refusedSync(parse: () => unknown): boolean {
  try {
    parse();
    return false;
  } catch (error) {
    return /without a token/.test((error as Error).message);
  }
}

describe('a loopback name the resolver maps elsewhere', () => {
  // What a resolver answers for app.localhost; RFC 6761 says loopback, a hosts file may not.
  let answer = '127.0.0.1';
  beforeAll(() => {
    const lookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (error: null, address: string, family: number) => void;
      if (hostname === 'app.localhost') callback(null, answer, 4);
      else (lookup as (...args: unknown[]) => void)(hostname, ...rest);
    }) as typeof dns.lookup);
  });
  afterEach(() => {
    answer = '127.0.0.1';
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('serves without a token when it resolves to loopback', async () => {
    const mcpServer = await startMcp('app.localhost');
    const dashboardServer = await startDashboard('app.localhost');
    try {
      expect(mcpServer.host).toBe('127.0.0.1');
      expect(dashboardServer.url).toBe(`http://app.localhost:${dashboardServer.port}/`);
      const host = `app.localhost:${dashboardServer.port}`;
      expect(await statusFor(dashboardServer.port, '/api/plans', host)).toBe(200);
    } finally {
      await mcpServer.close();
      await dashboardServer.close();
    }
  });

  it('refuses without a token when it resolves to every interface', async () => {
    answer = '0.0.0.0';
    await expect(startMcp('app.localhost')).rejects.toThrow(
      'Refusing to serve MCP on app.localhost (0.0.0.0) without a token',
    );
    await expect(startDashboard('app.localhost')).rejects.toThrow(
      'Refusing to serve plans on app.localhost (0.0.0.0) without an access token',
    );
    // With a token the same address is fine.
    const withToken = await mcp.serveHttp({
      engine: new PlanEngine(),
      port: 0,
      host: 'app.localhost',
      token: 'a-token',
    });
    expect(withToken.host).toBe('0.0.0.0');
    await withToken.close();
  });
});
