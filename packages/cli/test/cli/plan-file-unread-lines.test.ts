/**
 * A line of a plan file that is no item (`- [?] ship it`) present at the first read, through
 * the real `plankeeper mcp` driven by the official MCP SDK client: the model's first plan
 * result names it once, in the server's language; later results do not repeat it, until a
 * person's save brings a new one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planFileClient } from '../support/plan-file-mcp-client.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-unread-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function connect(lang: string) {
  const client = await planFileClient(dir, '--lang', lang);
  return client;
}

async function read(client: Client): Promise<string> {
  const result = (await client.callTool({ name: 'todo_read', arguments: {} })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  return (result.content[0] as { text: string }).text;
}

describe('plankeeper mcp --plan-file: lines that are no items at the first read', () => {
  it.each(['en', 'zh'])('names them once in the first result (%s)', async (lang) => {
    const file = join(dir, 'PLAN.md');
    writeFileSync(file, '# Plan\n\n- [ ] Step one\n- [?] ship it\n- [ ] Step two\n');
    const client = await connect(lang);
    try {
      const first = await read(client);
      expect(first).toMatchSnapshot();
      // Said once: the next result is the plan alone.
      const second = await read(client);
      expect(second).toBe(first.split('\n').slice(1).join('\n'));
      // A person's save with another such line: that one is named, once.
      writeFileSync(file, `${readFileSync(file, 'utf8')}- [~] ask Ana\n`);
      const third = await read(client);
      expect(third.split('\n')[0]).toMatchSnapshot();
      expect(third).not.toContain('ship it');
      expect(await read(client)).toBe(second);
    } finally {
      await client.close();
    }
  });
});
