/**
 * Plan approval under the AI SDK's own tool loop: `planner.holdTools` holds the host's
 * tools while the plan waits for a person (the tool does not run; the model reads the
 * waiting text as the call's error), and lets them run once a person approved.
 */
import { jsonSchema, stepCountIs, tool } from 'ai';
import { createPlankeeper, ToolHeldForApproval } from 'plankeeper/ai-sdk';
import { describe, expect, it } from 'vitest';
import { promptLines, scriptedModel } from '../../support/models/ai-sdk.js';

const key = { agent: 'coder', session: 's1' };

describe('plankeeper/ai-sdk: approval', () => {
  it('holds a host tool until a person approves, then runs it', async () => {
    const runs: string[] = [];
    const shell = tool({
      description: 'Run a command.',
      inputSchema: jsonSchema<{ command: string }>({
        type: 'object',
        properties: { command: { type: 'string' } },
        required: ['command'],
      }),
      execute: async ({ command }) => {
        runs.push(command);
        return 'ok';
      },
    });
    const planner = createPlankeeper({ key, approval: 'required' });
    const model = scriptedModel([
      { call: 'todo_write', input: { todos: [{ content: 'Run the tests', status: 'pending' }] } },
      { call: 'run_shell', input: { command: 'npm test' } },
      { text: 'The plan is ready for review.' },
      { call: 'run_shell', input: { command: 'npm test' } },
      { text: 'Tests pass.' },
    ]);
    const tools = { ...planner.tools, ...planner.holdTools({ run_shell: shell }) };
    const first = await planner.runWithPlan({
      model,
      tools,
      prompt: 'Run the tests',
      stopWhen: stepCountIs(5),
    });
    expect(runs).toEqual([]);
    expect(first.text).toBe('The plan is ready for review.');
    const held = first.steps[1]?.content.find((part) => part.type === 'tool-error');
    expect(ToolHeldForApproval.isInstance(held?.error)).toBe(true);
    expect(promptLines(model.doGenerateCalls[2])).toContain(
      "tool run_shell: error-text Held: run_shell did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.",
    );

    await planner.engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
    await planner.runWithPlan({ model, tools, prompt: 'Go ahead', stopWhen: stepCountIs(5) });
    expect(runs).toEqual(['npm test']);
    expect(promptLines(model.doGenerateCalls[3]).at(-1)).toMatch(
      /^user: Approved by a person \(Ana\): carry out the plan\.\n/,
    );
  });
});
