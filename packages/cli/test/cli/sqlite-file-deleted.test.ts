/**
 * The SQLite store file deleted while plankeeper runs (a person's `rm -rf .plankeeper`): the
 * MCP server and the dashboard still hold the deleted file open. Neither may show its plans
 * as if they were stored, nor write into it: each call says the file was deleted and how to
 * get a store again.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { waitFor } from 'plankeeper/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const command = fileURLToPath(new URL('../../bin/plankeeper.js', import.meta.url));

let root: string;
let dir: string;
let path: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pk-deleted-store-'));
  dir = join(root, '.plankeeper');
  path = join(dir, 'plans.db');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const deleted = (use: string) =>
  `${use}: the SQLite store file ${path} was deleted while this process had it open. Restart the process to open the store again.`;

function text(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe('the SQLite store file deleted under a running process', () => {
  it('MCP server: the refused change is not shown by todo_read; both say the file was deleted', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [command, 'mcp', '--store', `sqlite:${path}`, '--session', 's1'],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'plankeeper-deleted-store-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;
      const first = await call('todo_write', {
        todos: [{ content: 'Stored before', status: 'in_progress' }],
      });
      expect(first.isError).toBeFalsy();
      rmSync(dir, { recursive: true, force: true });
      const write = await call('todo_write', {
        todos: [{ content: 'Refused after', status: 'in_progress' }],
      });
      expect(write.isError).toBe(true);
      expect(text(write)).toBe(`todo_write failed: ${deleted('the plan change was not saved')}`);
      const read = await call('todo_read', {});
      expect(read.isError).toBe(true);
      expect(text(read)).toBe(`todo_read failed: ${deleted('plans not read')}`);
      expect(text(read)).not.toContain('Refused after');
    } finally {
      await client.close();
    }
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`dashboard (${lang}): stops serving the deleted file's plans and says why`, async () => {
      const store = new SqlitePlanStore({ path });
      await new PlanEngine({ store }).write({ agent: 'a', session: 's' }, [
        { content: 'Stored before', status: 'pending' },
      ]);
      await store.close();
      // The real command, as a person starts it; its first line names the URL.
      const dashboard = spawn(
        process.execPath,
        [
          command,
          'dashboard',
          '--store',
          `sqlite:${path}`,
          '--port',
          '0',
          '--token',
          'pk-test',
          '--lang',
          lang,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      dashboard.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise((done) => dashboard.on('exit', done));
      let url = '';
      try {
        await waitFor(() => /http:\/\/\S+/.test(output), 'the dashboard URL', 15_000);
        url = /http:\/\/\S+/.exec(output)![0];
        const plans = () =>
          fetch(`${new URL(url).origin}/api/plans`, {
            headers: { authorization: 'Bearer pk-test' },
          });
        const before = await plans();
        expect(before.status).toBe(200);
        expect(JSON.stringify(await before.json())).toContain('"session":"s"');
        rmSync(dir, { recursive: true, force: true });
        const after = await plans();
        expect(after.status).toBe(500);
        const { error } = (await after.json()) as { error: string };
        expect(error.replaceAll(root, '/tmp/PROJECT')).toMatchSnapshot();
        expect(error).toContain(deleted('plans not read'));
      } finally {
        dashboard.kill('SIGINT');
        await exited;
      }
    });
  }
});
