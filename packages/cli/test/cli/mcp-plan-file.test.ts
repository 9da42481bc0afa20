/**
 * `plankeeper mcp --plan-file PLAN.md`, driven by the official MCP SDK client over stdio: the
 * model's writes land in the file; a person's edit of the file in between (a tick, a
 * removal, a line without an id, a line of prose) is what the model's next result tells it
 * of, and its whole list sent from the older read keeps that edit. `plankeeper todos
 * --plan-file` shows the same plan with the person's revisions. Snapshots in en and zh.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const command = join(repo, 'bin', 'plankeeper.js');
const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-mcp-plan-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

async function mcpClient(dir: string, lang: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [command, 'mcp', '--plan-file', 'PLAN.md', '--session', 's1', '--lang', lang],
    cwd: dir,
    env: { ...process.env, PLANKEEPER_STORE: '' } as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'plankeeper-plan-file-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function text(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

const STEPS = {
  en: ['Write the migration', 'Backfill the column', 'Drop the old table'],
  zh: ['编写迁移脚本', '回填新列', '删除旧表'],
};

describe('plankeeper mcp --plan-file', () => {
  it.each(['en', 'zh'] as const)(
    "%s: a person's edit of the file reaches the model, and its stale list keeps it",
    async (lang) => {
      const dir = mkdtempSync(join(scratch, `${lang}-`));
      const file = join(dir, 'PLAN.md');
      const client = await mcpClient(dir, lang);
      const [first, second, third] = STEPS[lang];
      const sent = [
        { content: first, status: 'in_progress' },
        { content: second, status: 'pending' },
        { content: third, status: 'pending' },
      ];
      await text(client, 'todo_write', { todos: sent });
      expect(readFileSync(file, 'utf8')).toBe(
        `# Plan\n\n- [>] #1 ${first}\n  - owner: s1\n- [ ] #2 ${second}\n- [ ] #3 ${third}\n`,
      );

      // Ana, in her editor: cancels #2, drops #3, adds a step and a line of prose.
      writeFileSync(
        file,
        `# Plan\n\n- [>] #1 ${first}\n  - owner: s1\n- [-] #2 ${second}\nAsk Ana before dropping anything.\n- [ ] Add an index\n`,
      );
      // The model, from its older read, completes #1 and starts #2: Ana's cancel stays.
      const stale = await text(client, 'todo_write', {
        todos: [
          { content: first, status: 'completed' },
          { content: second, status: 'in_progress' },
          { content: third, status: 'pending' },
        ],
      });
      expect(stale).toMatchSnapshot();
      expect(readFileSync(file, 'utf8')).toMatchSnapshot();

      const shown = await runCli(['todos', '--plan-file', 'PLAN.md', '--history', '5'], {
        cwd: dir,
        env: { PLANKEEPER_STORE: '' },
      });
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toContain(`#2 ${second}`);
      // Ana's one save is one revision, naming each of her changes.
      expect(shown.stdout).toMatch(
        /v2 .* person:plan-file: removed #3; added #4 after #2; cancelled #2\n/,
      );
    },
  );
});
