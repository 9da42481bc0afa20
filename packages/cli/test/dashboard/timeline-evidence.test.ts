/** The dashboard timeline says why each item counted as done: the calls its revision kept. */
import { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { timelineOf } from '../../src/dashboard/plan-timeline.js';

describe('timelineOf: evidence', () => {
  it('carries each completion revision’s evidence and the summary naming the calls', async () => {
    const engine = new PlanEngine({ evidence: 'warn' });
    const key = { agent: 'dash', session: 'evidence' };
    await engine.write(key, [{ content: 'Run the tests', status: 'in_progress' }]);
    const at = 1_700_000_000_000;
    await engine.write(key, [{ content: 'Run the tests', status: 'completed' }], {
      gate: { callsFor: () => [{ tool: 'run_tests', callId: 'call_4', at }] },
    });
    const [first, second] = timelineOf(await engine.history(key));
    expect(first).not.toHaveProperty('evidence');
    expect(second).toMatchObject({
      summary: 'wrote 1 item · evidence #1: run_tests',
      evidence: [{ id: '1', count: 1, calls: [{ tool: 'run_tests', callId: 'call_4', at }] }],
    });
  });
});
