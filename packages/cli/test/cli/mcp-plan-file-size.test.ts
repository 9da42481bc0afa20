/**
 * `plankeeper mcp --plan-file PLAN.md` over a file past the plan file's size limit, driven
 * by the official MCP SDK client over stdio: the model's read and write are refused as a
 * tool error of one line that names the file and the limit, and the file is left as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { planFileClient } from '../support/plan-file-mcp-client.js';

const dir = mkdtempSync(join(tmpdir(), 'plankeeper-mcp-plan-file-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plankeeper mcp --plan-file on a file past the limit', () => {
  it('refuses the read and the write in one line, writing nothing', async () => {
    const file = join(dir, 'PLAN.md');
    const text = Array.from({ length: 10_001 }, (_, index) => `- [ ] Step ${index + 1}\n`).join('');
    writeFileSync(file, text);
    const client = await planFileClient(dir);
    try {
      const refusal =
        'PLAN.md has 10,001 items; a plan file holds at most 10,000. Move finished items out of it, or split it into two files.';
      const read = (await client.callTool({ name: 'todo_read', arguments: {} })) as CallToolResult;
      expect(read).toEqual({
        content: [{ type: 'text', text: `todo_read failed: ${refusal}` }],
        isError: true,
      });
      const write = (await client.callTool({
        name: 'todo_write',
        arguments: { todos: [{ content: 'One more', status: 'pending' }] },
      })) as CallToolResult;
      expect(write).toEqual({
        content: [{ type: 'text', text: `todo_write failed: ${refusal}` }],
        isError: true,
      });
      expect(readFileSync(file, 'utf8')).toBe(text);
    } finally {
      await client.close();
    }
  });
});
