/**
 * `plankeeper mcp` over stdio whose store will not open still starts: the MCP client
 * (which started it and would show only "failed") gets the store's error and its fix in
 * every tool result, and stderr has the same line.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
// Nothing listens on port 1 of the loopback interface, so connecting is refused at once.
const CLOSED = 'redis://127.0.0.1:1';
const REASON = `cannot use the Redis server at ${CLOSED} (connect ECONNREFUSED 127.0.0.1:1). Check that the server is running and that the URL's host and port are right, or use another store.`;

describe('plankeeper mcp with a store that will not open', () => {
  it('answers initialize and returns the store error as each tool error', async () => {
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && !name.startsWith('PLANKEEPER_')) env[name] = value;
    }
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [command, 'mcp', '--store', CLOSED],
      env,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const client = new Client({ name: 'plankeeper-store-down-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const result = (await client.callTool({
        name: 'todos_add',
        arguments: { todos: [{ content: 'Plan it' }] },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: `todos_add failed: ${REASON}` }]);
      expect(stderr).toContain(
        `plankeeper mcp: ${REASON} Serving anyway: each tool call tries the store again and reports this.\n`,
      );
    } finally {
      await client.close();
    }
  });

  it('exits 3 once the client leaves, the store never opened', async () => {
    const { code, stdout } = await runCli(['mcp', '--store', CLOSED], {
      env: { PLANKEEPER_STORE: undefined },
    });
    expect(code).toBe(3);
    expect(stdout).toBe('');
  });

  it('over HTTP still refuses to start, with the one-line reason', async () => {
    const { code, stderr } = await runCli(['mcp', '--http', '0', '--store', CLOSED]);
    expect(code).toBe(3);
    expect(stderr).toBe(`plankeeper: ${REASON}\n`);
  });
});
