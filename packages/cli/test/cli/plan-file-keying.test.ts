/**
 * A plan file is keyed by its path in its project, not its base name: two `PLAN.md` in two
 * folders over one shared store are two plans, through the real `plankeeper todos
 * --plan-file` and the real `plankeeper mcp --plan-file` driven by the official MCP SDK
 * client. Neither takes the other's items in, and a person's ids stay as they wrote them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');

let scratch: string;
let store: string;
const clients: Client[] = [];
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-keying-'));
  store = `sqlite:${join(scratch, 'team.db')}`;
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  rmSync(scratch, { recursive: true, force: true });
});

function folder(name: string, text: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'PLAN.md'), text);
  return dir;
}

const todos = (dir: string, ...args: string[]) =>
  runCli(['todos', '--plan-file', 'PLAN.md', '--store', store, ...args], { cwd: dir });

async function mcpClient(dir: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--plan-file', 'PLAN.md', '--session', 's1', '--lang', 'en'],
    cwd: dir,
    env: { ...process.env, PLANKEEPER_STORE: store } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-plan-file-keying-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

describe('a plan file keyed by its path', () => {
  it('two PLAN.md in two folders, one store: todos keeps them apart', async () => {
    const a = folder('a', '# Plan\n\n- [ ] #2 Tag the release\n');
    const b = folder('b', '# Plan\n\n- [ ] #1 Write the docs\n- [ ] #2 Proofread\n');
    for (const dir of [a, b, a, b]) {
      const shown = await todos(dir, '--history', '0');
      expect(shown.code, shown.stderr).toBe(0);
    }
    const done = await todos(b, '--done', '2', '--by', 'Ana');
    expect(done.code, done.stderr).toBe(0);
    const added = await todos(a, '--add', 'Announce it', '--by', 'Ana');
    expect(added.code, added.stderr).toBe(0);
    expect(readFileSync(join(a, 'PLAN.md'), 'utf8')).toBe(
      '# Plan\n\n- [ ] #2 Tag the release\n- [ ] #3 Announce it\n',
    );
    expect(readFileSync(join(b, 'PLAN.md'), 'utf8')).toBe(
      '# Plan\n\n- [ ] #1 Write the docs\n- [x] #2 Proofread\n',
    );
    const shownA = await todos(a, '--history', '0');
    expect(shownA.stdout).toContain('- [ ] #2 Tag the release\n- [ ] #3 Announce it');
    expect(shownA.stdout).not.toContain('Proofread');
  });

  it('two PLAN.md in two folders, one store: the MCP server keeps them apart', async () => {
    const a = folder('a', '# Plan\n\n- [ ] #2 Tag the release\n');
    const b = folder('b', '# Plan\n\n- [ ] #1 Write the docs\n');
    const inA = await mcpClient(a);
    const inB = await mcpClient(b);
    const readA = await call(inA, 'todo_read');
    expect(readA).toContain('#2 Tag the release');
    await call(inB, 'todos_add', { todos: [{ content: 'Proofread' }] });
    await call(inA, 'todos_add', { todos: [{ content: 'Announce it' }] });
    expect(readFileSync(join(a, 'PLAN.md'), 'utf8')).toBe(
      '# Plan\n\n- [ ] #2 Tag the release\n- [ ] #3 Announce it\n',
    );
    expect(readFileSync(join(b, 'PLAN.md'), 'utf8')).toBe(
      '# Plan\n\n- [ ] #1 Write the docs\n- [ ] #2 Proofread\n',
    );
    const again = await call(inA, 'todo_read');
    expect(again).not.toMatch(/Write the docs|Proofread/);
    expect(await call(inB, 'todo_read')).not.toMatch(/Tag the release|Announce/);
  });

  it('names the list for the path in the project, so todos --list finds it', async () => {
    const dir = folder('c', '- [ ] #1 One\n');
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'PLAN.md'), '- [ ] #1 Two\n');
    const shown = await runCli(
      ['todos', '--plan-file', 'PLAN.md', '--store', store, '--history', '0'],
      { cwd: join(dir, 'docs') },
    );
    expect(shown.code, shown.stderr).toBe(0);
    const listed = await runCli(['todos', '--store', store, '--json'], { cwd: dir });
    expect(listed.stdout).toMatch(/"session": "docs\/PLAN\.md@[0-9a-z]+"/);
  });
});
