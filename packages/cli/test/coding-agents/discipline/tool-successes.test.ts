/**
 * The hooks record successful non-plan tool calls beside the plan, and the MCP server started
 * for the same agent counts them for the evidence rule: hook processes and the server meet
 * on one SQLite store, as inside Claude Code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine } from 'plankeeper';
import { readTurnRecord } from 'plankeeper/rules';
import { openStore } from 'plankeeper/stores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../../../plankeeper/test/support/mcp-clients.js';
import { claudeHook } from '../claude-code/support/hook-call.js';

const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const KEY = { agent: 'claude-code', session: SESSION };

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-successes-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function toolDone(tool: string, failed = false) {
  const event = failed ? 'PostToolUseFailure' : 'PostToolUse';
  await claudeHook({ store, cwd: dir, event, fields: { session_id: SESSION, tool_name: tool } });
}

describe('hooks record tool successes for the MCP server', () => {
  it("records successful calls, not failed ones nor plankeeper's own", async () => {
    await toolDone('Bash');
    await toolDone('Edit', true);
    await toolDone('mcp__plankeeper__todo_read');
    await toolDone('Read');
    const opened = await openStore(store);
    try {
      const stored = await new PlanEngine({ store: opened }).turnState(KEY);
      const successes = readTurnRecord(stored?.state).successes ?? [];
      expect(successes.map((call) => call.tool)).toEqual(['Bash', 'Read']);
    } finally {
      await opened.close();
    }
  });

  it('the MCP server refuses a completion with no recorded work since the start, and accepts one after', async () => {
    const opened = await openStore(store);
    const engine = new PlanEngine({ store: opened });
    const { client } = await connectClient({
      engine,
      agent: 'claude-code',
      session: SESSION,
      evidence: 'enforce',
      // As `plankeeper mcp --for`: the server reads the hooks' turn record.
      turnRecordsInStore: true,
    });
    const write = async (status: string) =>
      (await client.callTool({
        name: 'todo_write',
        arguments: { todos: [{ content: 'Fix the bug', status }] },
      })) as CallToolResult;
    try {
      await toolDone('Read');
      await write('in_progress');
      expect((await write('completed')).isError).toBe(true);
      await toolDone('Bash');
      const accepted = await write('completed');
      expect(accepted.isError).toBeFalsy();
      expect((await engine.history(KEY)).at(-1)!.source.summary).toContain('evidence #1: Bash');
    } finally {
      await client.close();
      await opened.close();
    }
  });
});
