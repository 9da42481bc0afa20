/**
 * `plankeeper mcp --session S --dependencies enforce`: separate server processes on one
 * SQLite store share one plan, and the order its blockers set holds across them. Each
 * process is driven by the official MCP SDK client, as a coding agent would drive it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-mcp-dependencies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

async function server(store: string, extra: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--store', store, '--agent', 'coder', '--session', 'release', ...extra],
    cwd: scratch,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-dependencies-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return {
      isError: result.isError === true,
      text: (result.content[0] as { text: string }).text,
    };
  };
}

describe('plankeeper mcp --dependencies', () => {
  it('enforce: three server processes on one plan complete #1 → #2 → #3 only in order', async () => {
    const store = `sqlite:${join(mkdtempSync(join(scratch, 'db-')), 'plans.db')}`;
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(() => server(store, ['--dependencies', 'enforce'])),
    );
    const written = await first!('todo_write', {
      todos: [
        { content: 'Run tests', status: 'pending' },
        { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
        { content: 'Deploy', status: 'pending', blockedBy: ['Build'] },
      ],
    });
    expect(written.text).toContain('- [ ] #3 Deploy (after #2)');

    const early = await second!('todos_complete', { items: [{ id: 3, reason: 'deployed' }] });
    expect(early).toEqual({
      isError: true,
      text: 'Rejected; the todo list is unchanged. Fix and resend:\n- #3 cannot be completed yet: it waits for #2, still open. Complete or cancel it first.',
    });
    const start = await third!('todo_write', {
      todos: [
        { id: 1, content: 'Run tests', status: 'pending' },
        { id: 2, content: 'Build', status: 'in_progress' },
        { id: 3, content: 'Deploy', status: 'pending' },
      ],
    });
    expect(start.isError).toBe(true);
    expect(start.text).toContain('#2 cannot be in_progress yet: it waits for #1, still open.');

    for (const [call, id] of [
      [second, 1],
      [third, 2],
      [first, 3],
    ] as const) {
      const done = await call!('todos_complete', { items: [{ id, reason: 'checked' }] });
      expect(done.isError, done.text).toBe(false);
    }
    const all = await second!('todos_get_all', {});
    expect(all.text).toContain('(3/3 completed)');
  });

  it('without the flag (warn), the same early completion goes through and says what was still open', async () => {
    const store = `sqlite:${join(mkdtempSync(join(scratch, 'db-')), 'plans.db')}`;
    const [first, second] = await Promise.all([server(store, []), server(store, ['--lang', 'zh'])]);
    await first!('todo_write', {
      todos: [
        { content: 'Run tests', status: 'pending' },
        { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
      ],
    });
    const early = await second!('todos_complete', { items: [{ id: 2, reason: '已构建' }] });
    expect(early.isError).toBe(false);
    expect(early.text).toContain('顺序提醒：#2 已是 completed，但它等待的 #1 尚未完成。');
  });
});
