import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Command } from 'commander';
import { defaultInstructions } from 'plankeeper';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { initialize, initialized, lines } from '../../../plankeeper/test/support/mcp-frames.js';
import { CliError } from '../../src/cli/cli-error.js';
import { parseMcpFlags, registerMcpCommand } from '../../src/cli/commands/mcp.js';
import { EXIT } from '../../src/cli/exit-codes.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
/** The installed entry point; it runs the build, so `npm run build` must come first. */
const command = join(repo, 'bin', 'plankeeper.js');

const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-mcp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const clients: Client[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The environment of a user who set nothing plankeeper-specific. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('PLANKEEPER_')) env[name] = value;
  }
  return env;
}

async function stdioClient(args: string[], cwd = repo) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', ...args],
    cwd,
    env: cleanEnv(),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const errors: Error[] = [];
  const client = new Client({ name: 'plankeeper-stdio-test', version: '1.0.0' });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  clients.push(client);
  return { client, errors, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [first] = result.content;
  return { result, text: first?.type === 'text' ? first.text : '' };
}

/** Runs the command to completion with `input` on stdin. */
function run(args: string[], input = '', cwd = repo) {
  const child = spawn(process.execPath, [command, 'mcp', ...args], { cwd, env: cleanEnv() });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('plankeeper mcp flags', () => {
  const env = {};
  const cwd = '/work/project';

  it('defaults to a SQLite store under the working directory and one session per connection', () => {
    expect(parseMcpFlags({}, env, cwd)).toEqual({
      store: `sqlite:${join(cwd, '.plankeeper', 'plans.db')}`,
      agent: 'mcp',
      tools: 'both',
      locale: 'en',
      echoPlan: true,
    });
  });

  it('--discipline light drops the echoed list from write results; standard and strict keep it', () => {
    expect(parseMcpFlags({ discipline: 'light' }, {}, cwd).echoPlan).toBe(false);
    expect(parseMcpFlags({ discipline: 'standard' }, {}, cwd).echoPlan).toBe(true);
    expect(parseMcpFlags({ discipline: 'strict' }, {}, cwd).echoPlan).toBe(true);
    expect(() => parseMcpFlags({ discipline: 'loose' }, {}, cwd)).toThrow(
      '--discipline: "loose" is not a preset; use light, standard, strict.',
    );
  });

  it("--discipline sets the preset's evidence rule where hooks record the work: strict warns, --evidence wins", () => {
    const evidence = (flags: Parameters<typeof parseMcpFlags>[0]) =>
      parseMcpFlags(flags, {}, cwd).evidence;
    expect(evidence({ discipline: 'strict', for: 'claude-code' })).toBe('warn');
    expect(evidence({ discipline: 'standard', for: 'claude-code' })).toBeUndefined();
    expect(evidence({ discipline: 'light', for: 'codex' })).toBeUndefined();
    expect(evidence({ discipline: 'strict', for: 'gemini', evidence: 'enforce' })).toBe('enforce');
    // Alone the server sees no work but its own calls: no completion could have evidence.
    expect(evidence({ discipline: 'strict' })).toBeUndefined();
  });

  it('takes the store from PLANKEEPER_STORE unless --store is given', () => {
    const fromEnv = { PLANKEEPER_STORE: 'redis://127.0.0.1:6379' };
    expect(parseMcpFlags({}, fromEnv, cwd).store).toBe('redis://127.0.0.1:6379');
    expect(parseMcpFlags({ store: 'memory' }, fromEnv, cwd).store).toBe('memory');
  });

  it('reads every flag', () => {
    expect(
      parseMcpFlags(
        {
          store: 'memory',
          session: 'team',
          agent: 'coder',
          tools: 'granular',
          lang: 'zh',
          http: '8765',
          host: '0.0.0.0',
          token: 'abc123',
          idleTimeout: '5',
          maxSessions: '8',
          dependencies: 'enforce',
        },
        env,
        cwd,
      ),
    ).toEqual({
      store: 'memory',
      session: 'team',
      agent: 'coder',
      tools: 'granular',
      locale: 'zh',
      dependencies: 'enforce',
      echoPlan: true,
      http: {
        port: 8765,
        host: '0.0.0.0',
        token: 'abc123',
        sessionIdleMs: 300_000,
        maxSessions: 8,
      },
    });
    expect(parseMcpFlags({ http: '0' }, { PLANKEEPER_MCP_TOKEN: 'fromenv' }, cwd).http).toEqual({
      port: 0,
      host: '127.0.0.1',
      token: 'fromenv',
      sessionIdleMs: 30 * 60_000,
      maxSessions: 100,
    });
  });

  it.each([
    [{ tools: 'all' }, '--tools must be one of whole-list, granular, both, not "all".'],
    [{ preset: 'all' }, '--preset must be one of whole-list, granular, both, not "all".'],
    [{ lang: 'fr' }, '--lang must be one of en, zh, not "fr".'],
    [{ dependencies: 'strict' }, '--dependencies must be one of off, warn, enforce, not "strict".'],
    [{ http: 'eighty' }, '--http must be a port from 0 to 65535, not "eighty".'],
    [{ http: '70000' }, '--http must be a port from 0 to 65535, not "70000".'],
    [{ http: '-1' }, '--http must be a port from 0 to 65535, not "-1".'],
    [
      { host: '0.0.0.0' },
      '--host, --token, --idle-timeout and --max-sessions apply only with --http PORT.',
    ],
    [
      { token: 'abc' },
      '--host, --token, --idle-timeout and --max-sessions apply only with --http PORT.',
    ],
    [
      { idleTimeout: '5' },
      '--host, --token, --idle-timeout and --max-sessions apply only with --http PORT.',
    ],
    [
      { maxSessions: '5' },
      '--host, --token, --idle-timeout and --max-sessions apply only with --http PORT.',
    ],
    [
      { http: '80', maxSessions: '0' },
      '--max-sessions must be a whole number of sessions from 1, not "0".',
    ],
    [
      { http: '80', idleTimeout: 'soon' },
      '--idle-timeout must be a number of minutes (0: never), not "soon".',
    ],
    [
      { http: '80', idleTimeout: '-3' },
      '--idle-timeout must be a number of minutes (0: never), not "-3".',
    ],
    [{ session: '  ' }, '--session must not be blank.'],
    [{ store: '' }, '--store must not be blank.'],
    [
      { store: 'mysql://db/plans' },
      /^--store: Cannot open store "mysql:\/\/db\/plans": "mysql:" is not a store/,
    ],
    [{ http: '80', token: 'a b' }, '--token must not contain whitespace.'],
    [
      { http: '8765', host: '0.0.0.0' },
      'Refusing to serve on 0.0.0.0 without a token: anyone who can reach it could read and change plans. Pass --token (or set PLANKEEPER_MCP_TOKEN), or use --host 127.0.0.1.',
    ],
  ])('rejects %j with a usage error', (flags, message) => {
    let thrown: unknown;
    try {
      parseMcpFlags(flags, env, cwd);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect(thrown).toMatchObject({ exitCode: EXIT.usage });
    // A RegExp inside toMatchObject matches any string, so compare the message directly.
    const text = (thrown as CliError).message;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });

  it('fails through commander with the usage error before opening any store', async () => {
    const program = new Command('plankeeper').exitOverride();
    registerMcpCommand(program);
    await expect(
      program.parseAsync(['node', 'plankeeper', 'mcp', '--lang', 'fr', '--store', 'memory']),
    ).rejects.toMatchObject({ exitCode: EXIT.usage, message: expect.stringContaining('--lang') });
  });
});

describe('plankeeper mcp over stdio', () => {
  it('serves the tools to an SDK client and keeps stdout for protocol messages', async () => {
    const { client, errors, stderr } = await stdioClient(['--store', 'memory', '--lang', 'zh']);
    expect(client.getInstructions()).toBe(defaultInstructions('zh'));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'todo_write',
      'todo_read',
      'todos_add',
      'todos_complete',
      'todos_remove',
      'todos_get_remaining',
      'todos_get_all',
    ]);

    const written = await call(client, 'todo_write', {
      todos: [{ content: '检查日志', status: 'in_progress' }],
    });
    expect(written.result.isError).toBeFalsy();
    expect((await call(client, 'todo_read')).text).toContain('- [>] #1 检查日志');

    const rejected = await call(client, 'todos_remove', { ids: [7] });
    expect(rejected.result.isError).toBe(true);
    expect(rejected.text).toMatch(/^已拒绝，待办清单未改动。/);
    expect((await call(client, 'todo_read')).text).toContain('- [>] #1 检查日志');

    // A stray line on stdout would have reached the client as a parse error.
    expect(errors).toEqual([]);
    expect(stderr()).toContain('plankeeper mcp: MCP over stdio (store: memory)');
  });

  it('--discipline light: the official client gets write results without the echoed list', async () => {
    const todos = [{ content: 'Check the logs', status: 'in_progress' }];
    const light = await stdioClient(['--store', 'memory', '--discipline', 'light']);
    expect((await call(light.client, 'todo_write', { todos })).text).toBe(
      'Todo list updated (0/1 completed).',
    );
    const standard = await stdioClient(['--store', 'memory']);
    expect((await call(standard.client, 'todo_write', { todos })).text).toBe(
      'Todo list updated (0/1 completed).\n### Current todo list (0/1 completed)\n- [>] #1 Check the logs',
    );
  });

  it('keeps plans in the default SQLite store across restarts when the session is named', async () => {
    const project = mkdtempSync(join(scratch, 'project-'));
    const first = await stdioClient(['--session', 'durable'], project);
    await call(first.client, 'todos_add', { todos: [{ content: 'Survive a restart' }] });
    await first.client.close();
    expect(existsSync(join(project, '.plankeeper', 'plans.db'))).toBe(true);

    const second = await stdioClient(['--session', 'durable'], project);
    expect((await call(second.client, 'todos_get_all')).text).toContain('#1 Survive a restart');
    const stranger = await stdioClient([], project);
    expect((await call(stranger.client, 'todo_read')).text).toContain('No todos.');
  });

  it('exits 0 when the client closes stdin, having written only JSON-RPC to stdout', async () => {
    const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const input = lines(initialize, initialized, listTools);
    const { code, stdout } = await run(['--store', 'memory'], input);
    expect(code).toBe(0);
    const messages = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(messages.map((message) => message.id)).toEqual([1, 2]);
    expect(messages[1].result.tools).toHaveLength(7);
  });

  it('exits 2 with a one-line message on a bad flag, writing nothing to stdout', async () => {
    const { code, stdout, stderr } = await run(['--tools', 'everything', '--store', 'memory']);
    expect(code).toBe(EXIT.usage);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'plankeeper: --tools must be one of whole-list, granular, both, not "everything".\n',
    );
  });
});

describe('plankeeper mcp --http', () => {
  it('serves Streamable HTTP with a token and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [command, 'mcp', '--store', 'memory', '--http', '0', '--session', 'web'],
      { cwd: repo, env: { ...cleanEnv(), PLANKEEPER_MCP_TOKEN: 'tok-123' } },
    );
    children.push(child);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(stderr);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });

    const unauthorized = await fetch(url, { method: 'POST', body: '{}' });
    expect(unauthorized.status).toBe(401);

    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: 'Bearer tok-123' } },
    });
    const client = new Client({ name: 'plankeeper-http-cli-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    await call(client, 'todos_add', { todos: [{ content: 'Via the CLI' }] });
    expect((await call(client, 'todo_read')).text).toContain('#1 Via the CLI');

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });
});
