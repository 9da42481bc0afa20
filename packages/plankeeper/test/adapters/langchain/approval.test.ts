/**
 * Plan approval in LangChain's createAgent: planMiddleware's wrapToolCall holds every tool
 * but the plan tools while the plan waits for a person; the tool does not run, and the
 * model reads the waiting text as an error tool message.
 */
import { createAgent, HumanMessage, tool } from 'langchain';
import { PlanEngine } from 'plankeeper';
import { planMiddleware } from 'plankeeper/langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RECURSION_LIMIT, received, scriptedModel, write } from '../../support/models/langchain.js';

describe('planMiddleware: approval', () => {
  it('holds a host tool until a person approves, then runs it', async () => {
    const runs: string[] = [];
    const shell = tool(
      async ({ command }) => {
        runs.push(command);
        return 'ok';
      },
      {
        name: 'run_shell',
        description: 'Run a command.',
        schema: z.object({ command: z.string() }),
      },
    );
    const engine = new PlanEngine();
    const model = scriptedModel([
      write(['Run the tests', 'pending']),
      { tool: 'run_shell', args: { command: 'npm test' } },
      { final: 'The plan is ready for review.' },
      { tool: 'run_shell', args: { command: 'npm test' } },
      { final: 'Tests pass.' },
    ]);
    const agent = createAgent({
      model,
      tools: [shell],
      middleware: [planMiddleware({ engine, approval: 'required' })],
    });
    const config = { configurable: { thread_id: 't1' }, recursionLimit: RECURSION_LIMIT };
    const first = await agent.invoke({ messages: [new HumanMessage('Run the tests')] }, config);
    expect(runs).toEqual([]);
    expect(first.messages.at(-1)?.text).toBe('The plan is ready for review.');
    const held = received(model, 2).find(
      (message) => message.type === 'tool' && (message as { name?: string }).name === 'run_shell',
    );
    expect(held?.text).toBe(
      "Held: run_shell did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.",
    );
    expect((held as { status?: string }).status).toBe('error');

    await engine.editAsPerson(
      { agent: 'langchain', session: 't1' },
      { kind: 'approve' },
      { name: 'Ana' },
    );
    await agent.invoke({ messages: [...first.messages, new HumanMessage('Go ahead')] }, config);
    expect(runs).toEqual(['npm test']);
    expect(received(model, 3).at(-1)?.text).toMatch(
      /^Approved by a person \(Ana\): carry out the plan\.\n/,
    );
  });
});
