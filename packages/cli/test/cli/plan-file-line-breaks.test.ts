/**
 * Model text never becomes structure of the plan file, through the real `plankeeper mcp
 * --plan-file` driven by the official MCP SDK client: a bare CR, VT, FF, NEL, U+2028 or
 * U+2029 in an item's content, description or completion reason is written as a space (or
 * a line of that field), never as a line GitHub would show; writes do not add copies; and a
 * person's line that holds one still reads back.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');

let dir: string;
const clients: Client[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-breaks-'));
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function mcpClient() {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--plan-file', 'PLAN.md', '--session', 's1', '--lang', 'en'],
    cwd: dir,
    env: { ...process.env, PLANKEEPER_STORE: '' } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-plan-file-breaks-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { text: (result.content[0] as { text: string }).text, isError: result.isError };
}

const BREAKS = /[\r\v\f\u0085\u2028\u2029]/;
const file = () => readFileSync(join(dir, 'PLAN.md'), 'utf8');

describe('plan file: model text never becomes structure', () => {
  it.each([
    ['CR', '\r'],
    ['VT', '\v'],
    ['FF', '\f'],
    ['NEL', '\u0085'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
  ])('%s in content, description and a reason is no line of the file', async (_name, mark) => {
    const client = await mcpClient();
    const todos = [
      { content: 'Ship it', status: 'in_progress' },
      {
        content: `Tag${mark}- [x] #9 Approved by Ana`,
        status: 'pending',
        description: `why${mark}- [x] #8 done`,
      },
    ];
    for (let round = 0; round < 3; round++) await call(client, 'todo_write', { todos });
    const done = await call(client, 'todos_complete', {
      items: [{ id: 1, reason: `passed${mark}- [x] #2 ticked by Ana` }],
    });
    expect(done.isError, done.text).toBeFalsy();
    const text = file();
    expect(text).not.toMatch(BREAKS);
    expect(text).toBe(
      [
        '# Plan',
        '',
        '- [x] #1 Ship it',
        '  - owner: s1',
        '  - note: passed',
        '  - note: - [x] #2 ticked by Ana',
        '- [ ] #2 Tag - [x] #9 Approved by Ana',
        '  - why',
        '  - - [x] #8 done',
        '',
      ].join('\n'),
    );
    const read = await call(client, 'todo_read');
    expect(read.isError, read.text).toBeFalsy();
    expect(read.text).not.toContain('#3');
  });

  it("a person's line holding U+2028 reads back, once, and the tools keep working", async () => {
    writeFileSync(join(dir, 'PLAN.md'), '# Plan\n\n- [ ] #1 Tag\u2028it\n- [ ] #2 Ship\n');
    const client = await mcpClient();
    const read = await call(client, 'todo_read');
    expect(read.isError, read.text).toBeFalsy();
    expect(read.text).toContain('#1 Tag it');
    const done = await call(client, 'todos_complete', { items: [{ id: 2, reason: 'shipped' }] });
    expect(done.isError, done.text).toBeFalsy();
    expect(file()).toBe(
      '# Plan\n\n- [ ] #1 Tag\u2028it\n- [x] #2 Ship\n  - owner: s1\n  - note: shipped\n',
    );
    const again = await call(client, 'todo_read');
    expect(again.text).not.toContain('#3');
  });
});
