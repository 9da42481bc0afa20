/**
 * The evidence rule under the Agents SDK's own run loop: the SDK runs the host's tools, and
 * their results, seen by the next call's input filter, are the evidence.
 */
import { Agent, run, setTracingDisabled, tool } from '@openai/agents';
import { createPlankeeper } from 'plankeeper/openai-agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../support/models/openai-agents.js';

const key = { agent: 'support', session: 'agents-evidence' };
const parameters = {
  type: 'object' as const,
  properties: { query: { type: 'string' as const } },
  required: ['query'],
  additionalProperties: false as const,
};
const lookup = tool({
  name: 'lookup',
  description: 'Look something up.',
  parameters,
  execute: async (input) => `Found: ${(input as { query: string }).query}`,
});
const broken = tool({
  name: 'broken',
  description: 'Always fails.',
  parameters,
  execute: async (): Promise<string> => {
    throw new Error('service down');
  },
});
const plan = (status: string) => ({ todos: [{ content: 'Find the return policy', status }] });

beforeAll(() => setTracingDisabled(true));

describe('plankeeper/openai-agents: evidence', () => {
  it('refuses a completion until a host tool succeeded after the start; a thrown tool is no evidence', async () => {
    const planner = createPlankeeper({ key, evidence: 'enforce' });
    const model = new ScriptedModel([
      { call: 'todo_write', input: plan('in_progress') },
      { call: 'todo_write', input: plan('completed') },
      { call: 'broken', input: { query: 'x' } },
      { call: 'todo_write', input: plan('completed') },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'todo_write', input: plan('completed') },
      { text: 'Done.' },
    ]);
    const agent = new Agent({
      name: 'Support',
      instructions: planner.instructions,
      tools: [...planner.tools, lookup, broken],
      model,
    });
    await planner.beginTurn('task');
    const result = await run(agent, 'task', { callModelInputFilter: planner.callModelInputFilter });
    expect(result.finalOutput).toBe('Done.');
    const outputs = result.newItems
      .filter((item) => item.type === 'tool_call_output_item')
      .map((item) => String((item as { output: unknown }).output));
    expect(outputs[1]).toContain('no tool call has succeeded since it became in_progress');
    expect(outputs[3]).toContain('cannot be completed');
    expect(outputs[5]).toMatch(/^Todo list updated \(1\/1 completed\)/);
    const last = (await planner.engine.history(key)).at(-1)!;
    expect(last.source.summary).toContain('evidence #1: lookup');
  });
});
