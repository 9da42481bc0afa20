/**
 * The `dependencies` option of the hosts, each driven by its own loop: the MCP server
 * (official SDK client over an in-memory pair), the Vercel AI SDK (`generateText`) and
 * plankeeper's own agent. Each overrides the engine's default (`warn`) for its writes.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { generateText, stepCountIs } from 'ai';
import { Agent, PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { connectClient } from '../support/mcp-clients.js';
import { scriptedModel } from '../support/models/ai-sdk.js';

const chain = {
  todos: [
    { content: 'Run tests', status: 'pending' },
    { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
  ],
};
const startBuild = {
  todos: [
    { id: 1, content: 'Run tests', status: 'pending' },
    { id: 2, content: 'Build', status: 'in_progress' },
  ],
};
const refusal =
  'Rejected; the todo list is unchanged. Fix and resend:\n- #2 cannot be in_progress yet: it waits for #1, still open. Complete or cancel it first.';

describe('the dependencies option of each host', () => {
  it('MCP server: enforce refuses a blocked start over an engine that only warns', async () => {
    const engine = new PlanEngine();
    const { client, server } = await connectClient({
      engine,
      session: 's',
      dependencies: 'enforce',
    });
    await client.callTool({ name: 'todo_write', arguments: chain });
    const result = (await client.callTool({
      name: 'todo_write',
      arguments: startBuild,
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toBe(refusal);
    const items = (await engine.snapshot(server.planKey)).items;
    expect(items.map((item) => item.status)).toEqual(['pending', 'pending']);
  });

  it('Vercel AI SDK: createPlankeeper({ dependencies }) refuses it inside generateText', async () => {
    const key = { agent: 'ai', session: 's' };
    const planner = createPlankeeper({ key, dependencies: 'enforce', goalCheck: false });
    const model = scriptedModel([
      { call: 'todo_write', input: chain },
      { call: 'todo_write', input: startBuild },
      { text: 'Stopped.' },
    ]);
    await planner.beginTurn('Build it');
    const result = await generateText({
      model,
      tools: planner.tools,
      prompt: 'Build it',
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });
    const outputs = result.steps.flatMap((step) =>
      step.content.filter((part) => part.type === 'tool-error' || part.type === 'tool-result'),
    );
    expect(outputs[1]?.type).toBe('tool-error');
    expect(String((outputs[1] as { error: unknown }).error)).toContain(
      '#2 cannot be in_progress yet',
    );
    expect((await planner.engine.snapshot(key)).items[1]?.status).toBe('pending');
  });

  it("plankeeper's own agent: planning.dependencies 'off' lets it through without a word", async () => {
    const model = new ScriptedModel([
      { tool: 'todo_write', args: chain },
      { tool: 'todo_write', args: startBuild },
      { final: 'Building.' },
      { final: 'Checked: building.' },
    ]);
    const engine = new PlanEngine({ dependencies: 'enforce' });
    const agent = new Agent({ model, planning: { engine, dependencies: 'off' } });
    const session = agent.session('s');
    await session.send('Build it');
    const results = model.requests
      .at(-1)!
      .messages.filter((message) => message.role === 'tool')
      .map((message) => message.content);
    expect(results[1]).toBe('Todo list updated (0/2 completed).');
    expect((await engine.snapshot({ agent: 'agent', session: 's' })).items[1]?.status).toBe(
      'in_progress',
    );
  });
});
