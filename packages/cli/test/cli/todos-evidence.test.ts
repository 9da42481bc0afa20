/** `plankeeper todos --session`: each completion's revision says which calls counted as its evidence. */
import type { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { seededStore } from '../support/seeded-store.js';

describe('plankeeper todos: evidence in the history', () => {
  it('shows the calls that counted, and a completion that had none', async () => {
    const key = { agent: 'support', session: 'ticket-9' };
    const at = 1_700_000_000_000;
    const gate = (calls: { tool: string; callId: string; at: number }[]) => ({
      callsFor: () => calls,
    });
    const seed = async (engine: PlanEngine) => {
      await engine.write(key, [
        { content: 'Run the tests', status: 'in_progress' },
        { content: 'Answer', status: 'pending' },
      ]);
      await engine.write(
        key,
        [
          { content: 'Run the tests', status: 'completed' },
          { content: 'Answer', status: 'in_progress' },
        ],
        { callId: 'call_c', gate: gate([{ tool: 'run_tests', callId: 'call_b', at }]) },
      );
      await engine.write(
        key,
        [
          { content: 'Run the tests', status: 'completed' },
          { content: 'Answer', status: 'completed' },
        ],
        { callId: 'call_d', gate: gate([]) },
      );
    };
    const url = await seededStore('plankeeper-todos-ev-', seed, { evidence: 'warn' });
    const { code, stdout } = await runCli(['todos', '--store', url, '--session', 'ticket-9']);
    expect(code).toBe(0);
    expect(stdout).toContain('todo_write (call_c): wrote 2 items · evidence #1: run_tests\n');
    expect(stdout).toContain('todo_write (call_d): wrote 2 items · evidence #2: none\n');
    const json = await runCli(['todos', '--store', url, '--session', 'ticket-9', '--json']);
    const history = JSON.parse(json.stdout).history as { source: { evidence?: unknown } }[];
    expect(history[1]!.source.evidence).toEqual([
      { id: '1', count: 1, calls: [{ tool: 'run_tests', callId: 'call_b', at }] },
    ]);
  });
});
