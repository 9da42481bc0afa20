/**
 * The real `plankeeper mcp` process against frames the SDK's own stdio transport could
 * not take: one over 10 MiB (it used to exit 0 and lose an in-memory plan) and a line
 * that is not JSON (it used to get no reply).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { initialize, initialized } from '../../../plankeeper/test/support/mcp-frames.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
/** The installed entry point; it runs the build, so `npm run build` must come first. */
const command = join(repo, 'bin', 'plankeeper.js');

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('PLANKEEPER_')) env[name] = value;
  }
  return env;
}

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

describe('plankeeper mcp over stdio, bad frames', () => {
  it('answers an 11 MiB tool call with an error and keeps the plan and the server', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [command, 'mcp', '--store', 'memory'],
      cwd: repo,
      env: cleanEnv(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'plankeeper-big-frame-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    await client.callTool({ name: 'todos_add', arguments: { todos: [{ content: 'Before' }] } });

    const huge = 'x'.repeat(11 * 1024 * 1024);
    await expect(
      client.callTool({ name: 'todos_add', arguments: { todos: [{ content: huge }] } }),
    ).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('Message too large: 11 MiB received, the limit is 10 MiB'),
    });

    const read = (await client.callTool({ name: 'todo_read', arguments: {} })) as CallToolResult;
    expect(text(read)).toContain('#1 Before');
  }, 30_000);

  it('answers a line that is not JSON with -32700 and id null, then serves the next request', async () => {
    const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const input = [initialize, initialized]
      .map((message) => JSON.stringify(message))
      .concat(['{"jsonrpc": "2.0", garbage', JSON.stringify(listTools), ''])
      .join('\n');
    const child = spawn(process.execPath, [command, 'mcp', '--store', 'memory'], {
      cwd: repo,
      env: cleanEnv(),
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stdin.end(input);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code).toBe(0);
    const messages = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(messages.find((message) => message.id === null)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not valid JSON.' },
    });
    expect(messages.find((message) => message.id === 2).result.tools).toHaveLength(7);
  });
});
