import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MemoryPlanStore, PlanEngine } from 'plankeeper';
import type { EvidenceCall } from 'plankeeper/harness';
import type { PlanMcpServerOptions } from 'plankeeper/mcp';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../../support/mcp-clients.js';

async function connect(options: PlanMcpServerOptions) {
  const { client } = await connectClient(options);
  return async (name: string, args: unknown) => {
    const result = (await client.callTool({
      name,
      arguments: args as Record<string, unknown>,
    })) as CallToolResult;
    return { ok: !result.isError, text: (result.content[0] as { text: string }).text };
  };
}

const status = (status: string) => ({ todos: [{ content: 'Fix the bug', status }] });

describe('MCP server: evidence', () => {
  it('enforce: refuses a completion until a recorded call succeeded after the item started', async () => {
    const engine = new PlanEngine();
    const recorded: EvidenceCall[] = [{ tool: 'Bash', at: 1 }];
    const call = await connect({
      engine,
      session: 'ev',
      evidence: 'enforce',
      toolSuccesses: async () => recorded,
    });
    await call('todo_write', status('in_progress'));
    const refused = await call('todo_write', status('completed'));
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain(
      '#1 Fix the bug cannot be completed: no tool call has succeeded',
    );
    const key = { agent: 'mcp', session: 'ev' };
    expect((await engine.snapshot(key)).items[0]!.status).toBe('in_progress');
    recorded.push({ tool: 'Edit', at: 2 });
    const accepted = await call('todo_write', status('completed'));
    expect(accepted.ok).toBe(true);
    expect((await engine.history(key)).at(-1)!.source.evidence).toEqual([
      { id: '1', count: 1, calls: [{ tool: 'Edit', at: 2 }] },
    ]);
  });

  it('a server started again takes where an item started from the stored plan, not its memory', async () => {
    let now = 1_000;
    const store = new MemoryPlanStore({ now: () => now });
    const recorded: EvidenceCall[] = [{ tool: 'Read', at: 900 }];
    const options = {
      session: 'restart',
      evidence: 'enforce' as const,
      toolSuccesses: async () => recorded,
    };
    const first = await connect({ engine: new PlanEngine({ store }), ...options });
    now = 2_000;
    expect((await first('todo_write', status('in_progress'))).ok).toBe(true);

    // The same store, a new server: it never saw #1 start, and Read finished before it did.
    now = 3_000;
    const second = await connect({ engine: new PlanEngine({ store }), ...options });
    const refused = await second('todo_write', status('completed'));
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('#1 Fix the bug cannot be completed');
    recorded.push({ tool: 'Edit', at: 3_500 });
    now = 4_000;
    expect((await second('todo_write', status('completed'))).ok).toBe(true);
    const key = { agent: 'mcp', session: 'restart' };
    expect((await new PlanEngine({ store }).history(key)).at(-1)!.source.evidence).toEqual([
      { id: '1', count: 1, calls: [{ tool: 'Edit', at: 3_500 }] },
    ]);
  });

  it('verifiers configured on the server refuse with their text; the plan stays as it was', async () => {
    const engine = new PlanEngine();
    const call = await connect({
      engine,
      session: 'ver',
      verifiers: [() => 'the test run failed.'],
    });
    await call('todos_add', { todos: [{ content: 'Fix the bug' }] });
    const refused = await call('todos_complete', { items: [{ id: '1', reason: 'fixed' }] });
    expect(refused).toEqual({
      ok: false,
      text: 'Rejected; the todo list is unchanged. Fix and resend:\n- #1 Fix the bug cannot be completed yet: the test run failed.',
    });
    expect((await engine.snapshot({ agent: 'mcp', session: 'ver' })).items[0]!.status).toBe(
      'pending',
    );
  });

  it('off by default: no gate, completions as before', async () => {
    const call = await connect({ engine: new PlanEngine(), session: 'off' });
    await call('todo_write', status('in_progress'));
    expect((await call('todo_write', status('completed'))).ok).toBe(true);
  });
});
