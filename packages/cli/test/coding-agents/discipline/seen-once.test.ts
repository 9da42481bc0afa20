/**
 * What the model has seen of its plan is one record: inside a coding agent the MCP server
 * (`plankeeper mcp --for`) reads and updates the turn record the hooks keep beside the plan.
 * A person's change the hooks already showed after a tool call is not told again in the
 * next plan tool result; a server on its own tells it there, as the one place it can.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine, type PlanStore } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../../../plankeeper/test/support/mcp-clients.js';
import { claudeHook } from '../claude-code/support/hook-call.js';

const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const KEY = { agent: 'claude-code', session: SESSION };
const CHANGED = 'Changed by a person (Ana): cancelled #2';

let dir: string;
let store: string;
let opened: PlanStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pk-seen-once-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
  opened = await openStore(store);
});
afterEach(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One Claude Code hook call in this session; its additional context, if any. */
async function hook(event: string, fields: Record<string, unknown> = {}) {
  const call = { store, cwd: dir, event, fields: { session_id: SESSION, ...fields } };
  return (await claudeHook(call)).context;
}

/** The model's turn so far: a prompt, its plan written over MCP, the hooks told of the write. */
async function planWritten(call: (name: string, args: Record<string, unknown>) => Promise<string>) {
  await hook('UserPromptSubmit', { prompt: 'Fix the bug and write the docs.' });
  await call('todo_write', {
    todos: [
      { content: 'Fix the bug', status: 'in_progress' },
      { content: 'Write the docs', status: 'pending' },
    ],
  });
  await hook('PostToolUse', { tool_name: 'mcp__plankeeper__todo_write' });
}

async function connect(turnRecordsInStore: boolean) {
  const engine = new PlanEngine({ store: opened });
  const { client } = await connectClient({
    engine,
    agent: 'claude-code',
    session: SESSION,
    turnRecordsInStore,
  });
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return (result.content[0] as { text: string }).text;
  };
  return { engine, client, call };
}

describe('what the model has seen: one record for hooks and the MCP server', () => {
  it.each([
    [true, 'is not told again by the next result'],
    [false, 'is told by the next result of a server on its own'],
  ])('a person’s change the hooks showed (records in the store: %s) %s', async (inStore) => {
    const { engine, client, call } = await connect(inStore);
    try {
      await planWritten(call);
      const cancelled = await engine.editAsPerson(
        KEY,
        { kind: 'cancel', id: '2' },
        { name: 'Ana' },
      );
      expect(cancelled.ok).toBe(true);
      // The hooks tell the model after its next call.
      expect((await hook('PostToolUse', { tool_name: 'Bash' })).split('\n')[0]).toBe(CHANGED);
      const read = await call('todo_read');
      if (inStore) expect(read).not.toContain('Changed by a person');
      else expect(read.split('\n')[0]).toBe(CHANGED);
    } finally {
      await client.close();
    }
  });

  it('a change no one showed yet is told once, by the result, and the hooks then say nothing of it', async () => {
    const { engine, client, call } = await connect(true);
    try {
      await planWritten(call);
      await engine.editAsPerson(KEY, { kind: 'cancel', id: '2' }, { name: 'Ana' });
      expect((await call('todo_read')).split('\n')[0]).toBe(CHANGED);
      expect(await hook('PostToolUse', { tool_name: 'mcp__plankeeper__todo_read' })).not.toContain(
        'person',
      );
    } finally {
      await client.close();
    }
  });
});
