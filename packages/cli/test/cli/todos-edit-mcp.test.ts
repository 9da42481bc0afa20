/**
 * A person's `plankeeper todos` change reaches a model on `plankeeper mcp` (another OS
 * process, the same SQLite store): the resource update fires, and the model's next tool
 * result says who changed the list and what.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  type CallToolResult,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { waitFor } from 'plankeeper/test';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-todos-mcp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

async function mcpClient(store: string, lang: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--store', store, '--agent', 'coder', '--session', 's1', '--lang', lang],
    cwd: scratch,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-todos-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function text(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

describe('a person’s CLI change, seen by an MCP session', () => {
  it.each([
    ['en', 'Changed by a person (Ana): cancelled #2 (not needed)'],
    ['zh', '由人员（Ana）修改：取消了 #2（not needed）'],
  ])(
    '%s: the resource update fires and the next tool result names the person',
    async (lang, line) => {
      const store = `sqlite:${join(mkdtempSync(join(scratch, 'db-')), 'plans.db')}`;
      const client = await mcpClient(store, lang);
      await text(client, 'todos_add', {
        todos: [{ content: 'Find the bug' }, { content: 'Write docs' }],
      });
      const updated: string[] = [];
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        updated.push(notification.params.uri);
      });
      await client.subscribeResource({ uri: 'plankeeper://plan' });

      const cli = await runCli([
        'todos',
        ...['--store', store, '--agent', 'coder', '--session', 's1'],
        ...['--cancel', '2', '--reason', 'not needed', '--by', 'Ana', '--lang', lang],
      ]);
      expect(cli).toMatchObject({ code: 0, stderr: '' });

      // The SQLite store's change poller tells the other process within a second or so.
      await waitFor(() => updated.length > 0, 'the resource-updated notification', 5000);
      expect(updated).toEqual(['plankeeper://plan']);
      const resource = await client.readResource({ uri: 'plankeeper://plan' });
      expect((resource.contents[0] as { text: string }).text).toContain('#2 Write docs');

      const next = await text(client, 'todos_get_all');
      expect(next.split('\n')[0]).toBe(line);
      expect(next).toContain('#2 Write docs');
      // Told once: the result after that has nothing new to say about it.
      expect(await text(client, 'todos_get_all')).not.toContain(line);
      // The model's own change is no person's: nothing is said about it.
      expect(
        await text(client, 'todos_complete', { items: [{ id: 1, reason: 'fixed' }] }),
      ).not.toMatch(/person|人员/);
    },
  );
});
