/**
 * The evidence rule under the AI SDK's own loop: the framework runs the host's tools, and
 * their results, seen in the next step's prepareStep, are the evidence.
 */
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../support/models/ai-sdk.js';

const key = { agent: 'support', session: 'ai-sdk-evidence' };
const input = jsonSchema<{ query: string }>({
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
});
const lookup = tool({
  description: 'Look something up.',
  inputSchema: input,
  execute: async ({ query }) => `Found: ${query}`,
});
const broken = tool({
  description: 'Always fails.',
  inputSchema: input,
  execute: async (): Promise<string> => {
    throw new Error('service down');
  },
});
const plan = (status: string) => ({ todos: [{ content: 'Find the return policy', status }] });

async function run(steps: Parameters<typeof scriptedModel>[0]) {
  const planner = createPlankeeper({ key, evidence: 'enforce' });
  await planner.beginTurn('task');
  const result = await generateText({
    model: scriptedModel(steps),
    tools: { ...planner.tools, lookup, broken },
    prompt: 'task',
    prepareStep: planner.prepareStep,
    stopWhen: stepCountIs(10),
  });
  const outputs = result.steps.flatMap((step) =>
    step.content.flatMap((part) =>
      part.type === 'tool-result' || part.type === 'tool-error'
        ? [
            {
              tool: part.toolName,
              error: part.type === 'tool-error',
              output: part.type === 'tool-result' ? part.output : part.error,
            },
          ]
        : [],
    ),
  );
  return { planner, outputs };
}

describe('plankeeper/ai-sdk: evidence', () => {
  it('refuses a completion with no host tool success since the start, accepts it after lookup', async () => {
    const { planner, outputs } = await run([
      { call: 'todo_write', input: plan('in_progress') },
      { call: 'todo_write', input: plan('completed') },
      { call: 'broken', input: { query: 'x' } },
      { call: 'todo_write', input: plan('completed') },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'todo_write', input: plan('completed') },
      { text: 'Done.' },
    ]);
    expect(outputs.map((output) => output.error)).toEqual([false, true, true, true, false, false]);
    expect(String(outputs[1]!.output)).toContain(
      'no tool call has succeeded since it became in_progress',
    );
    // The failing host tool is no evidence either.
    expect(String(outputs[3]!.output)).toContain('cannot be completed');
    const last = (await planner.engine.history(key)).at(-1)!;
    expect(last.source.summary).toContain('evidence #1: lookup');
  });
});
