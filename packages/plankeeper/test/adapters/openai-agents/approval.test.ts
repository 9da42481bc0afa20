/**
 * Plan approval under the Agents SDK's own runner: the host's function tools carry
 * `planner.approvalGuardrail` (a tool input guardrail), which rejects a call while the
 * plan waits for a person, so the tool does not run and the model reads the waiting text.
 */
import { Agent, setTracingDisabled, tool } from '@openai/agents';
import { createPlankeeper } from 'plankeeper/openai-agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../support/models/openai-agents.js';

const key = { agent: 'coder', session: 's1' };

beforeAll(() => setTracingDisabled(true));

describe('plankeeper/openai-agents: approval', () => {
  it('holds a host tool with its input guardrail until a person approves', async () => {
    const runs: string[] = [];
    const shell = tool({
      name: 'run_shell',
      description: 'Run a command.',
      parameters: {
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
        additionalProperties: false,
      },
      execute: async (input) => {
        runs.push((input as { command: string }).command);
        return 'ok';
      },
    });
    const planner = createPlankeeper({ key, approval: { again: 'on-change' } });
    const model = new ScriptedModel([
      { call: 'todo_write', input: { todos: [{ content: 'Run the tests', status: 'pending' }] } },
      { call: 'run_shell', input: { command: 'npm test' } },
      { text: 'The plan is ready for review.' },
      { call: 'run_shell', input: { command: 'npm test' } },
      { text: 'Tests pass.' },
    ]);
    const agent = new Agent({
      name: 'Coder',
      instructions: planner.instructions,
      tools: [...planner.tools, ...planner.holdTools([shell])],
      model,
    });
    const first = await planner.runWithPlan(agent, 'Run the tests');
    expect(runs).toEqual([]);
    expect(first.result.finalOutput).toBe('The plan is ready for review.');
    expect(model.lines(2)).toContain(
      "result run_shell: Held: run_shell did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.",
    );

    await planner.engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
    await planner.runWithPlan(agent, [
      ...first.result.history,
      { role: 'user', content: 'Go ahead' },
    ]);
    expect(runs).toEqual(['npm test']);
    expect(model.lines(3).at(-1)).toMatch(/Approved by a person \(Ana\): carry out the plan\.\n/);
  });
});
