import type { AgentEvent, ToolDefinition } from 'plankeeper';
import { Agent, ConfigurationError, PlanEngine } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../support/lookup-tool.js';

describe('Agent', () => {
  it('refuses the plan tools registered twice, and duplicate tool names', () => {
    const planTool: ToolDefinition = { ...lookupTool, name: 'todo_write' };
    expect(
      () => new Agent({ model: new ScriptedModel(), tools: [planTool], planning: true }),
    ).toThrow(ConfigurationError);
    expect(() => new Agent({ model: new ScriptedModel(), tools: [planTool] })).not.toThrow();
    expect(
      () => new Agent({ model: new ScriptedModel(), tools: [lookupTool, lookupTool] }),
    ).toThrow(/registered twice/);
  });

  it('offers the plan tools only with planning on', async () => {
    const model = new ScriptedModel([{ final: 'a' }, { final: 'b' }]);
    await new Agent({ model, tools: [lookupTool] }).run('q');
    await new Agent({ model, tools: [lookupTool], planning: { tools: 'both' } }).run('q');
    expect(model.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ['lookup'],
      [
        'lookup',
        'todo_write',
        'todo_read',
        'todos_add',
        'todos_complete',
        'todos_remove',
        'todos_get_remaining',
        'todos_get_all',
      ],
    ]);
  });

  it('each run gets its own plan; a session keeps its plan across turns', async () => {
    const engine = new PlanEngine();
    const model = new ScriptedModel();
    const agent = new Agent({ model, planning: { engine, goalCheck: false, finishCheck: false } });
    model.load([write(['First run', 'pending']), { final: 'ok' }]);
    const first = await agent.run('one');
    model.load([{ tool: 'todo_read' }, { final: 'ok' }]);
    const second = await agent.run('two');
    expect(first.plan.map((item) => item.content)).toEqual(['First run']);
    expect(second.plan).toEqual([]);

    const session = agent.session('kept');
    model.load([write(['Kept', 'pending']), { final: 'ok' }]);
    await session.send('one');
    model.load([{ final: 'ok' }]);
    const again = await session.send('two');
    expect(again.plan.map((item) => item.content)).toEqual(['Kept']);
    expect((await engine.snapshot({ agent: 'agent', session: 'kept' })).items).toHaveLength(1);
    // A second session object on the same id sees the same stored plan.
    expect((await agent.session('kept').plan())?.items).toHaveLength(1);
  });

  it('sub-agent scopes get separate plans', async () => {
    const engine = new PlanEngine();
    const model = new ScriptedModel();
    const agent = new Agent({ model, planning: { engine, goalCheck: false, finishCheck: false } });
    model.load([write(['Parent', 'pending']), { final: 'ok' }]);
    await agent.session('s').send('parent task');
    model.load([write(['Child', 'pending']), { final: 'ok' }]);
    await agent.session({ session: 's', scope: ['researcher'] }).send('child task');
    expect(
      (await engine.snapshot({ agent: 'agent', session: 's' })).items.map((item) => item.content),
    ).toEqual(['Parent']);
    expect(
      (await engine.snapshot({ agent: 'agent', session: 's', scope: ['researcher'] })).items.map(
        (item) => item.content,
      ),
    ).toEqual(['Child']);
  });

  it('every tool call goes through one path: events, before-hooks, after-hooks', async () => {
    const events: AgentEvent[] = [];
    const seen: string[] = [];
    const model = new ScriptedModel([
      write(['Search', 'in_progress']),
      lookup('q'),
      { final: 'done' },
      { final: 'done.' },
    ]);
    const agent = new Agent({
      model,
      tools: [lookupTool],
      planning: { goalCheck: false, finishCheck: false },
      hooks: {
        before: [(call) => void seen.push(`before ${call.name}`)],
        after: [(call, outcome) => void seen.push(`after ${call.name} ${outcome.ok}`)],
      },
      observer: (event) => events.push(event),
    });
    await agent.run('task');
    expect(seen).toEqual([
      'before todo_write',
      'after todo_write true',
      'before lookup',
      'after lookup true',
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'turn-started',
      'model-called',
      'model-responded',
      'tool-started',
      'tool-finished',
      'plan-updated',
      'model-called',
      'model-responded',
      'tool-started',
      'tool-finished',
      'model-called',
      'model-responded',
      'turn-finished',
    ]);
  });

  it('a malformed raw argument string from the model is rejected strictly and the plan is unchanged', async () => {
    const model = new ScriptedModel([
      write(['Search', 'in_progress']),
      { tool: 'todo_write', args: '{"todos":[]}{"todos":[]}' },
      { final: 'x' },
      { final: 'y' },
    ]);
    const result = await new Agent({ model, planning: { goalCheck: false } }).run('task');
    const rejected = result.messages.filter((message) => message.role === 'tool')[1];
    expect(rejected).toMatchObject({
      ok: false,
      content: expect.stringContaining('Extra text after the JSON object'),
    });
    expect(result.plan.map((item) => item.content)).toEqual(['Search']);
  });

  it('a tool that throws becomes a failed observation; a wiring error propagates', async () => {
    const broken: ToolDefinition = {
      ...lookupTool,
      name: 'broken',
      execute: async () => {
        throw new Error('disk full');
      },
    };
    const model = new ScriptedModel([{ tool: 'broken' }, { final: 'sorry' }]);
    const result = await new Agent({ model, tools: [broken] }).run('task');
    expect(result.messages.find((message) => message.role === 'tool')).toMatchObject({
      ok: false,
      content: 'Tool "broken" failed: disk full',
    });
    const miswired: ToolDefinition = {
      ...lookupTool,
      name: 'miswired',
      execute: async () => {
        throw new ConfigurationError('no database configured');
      },
    };
    await expect(
      new Agent({ model: new ScriptedModel([{ tool: 'miswired' }]), tools: [miswired] }).run('t'),
    ).rejects.toThrow('no database configured');
  });

  it('the completion loop keeps going while items are open, under a hard cap', async () => {
    const model = new ScriptedModel();
    const agent = new Agent({ model, planning: { goalCheck: false, finishCheck: false } });
    const session = agent.session('auto');
    const steps = [
      write(['A', 'completed'], ['B', 'pending'], ['C', 'pending']),
      { final: 'did A' },
      write(['A', 'completed'], ['B', 'completed'], ['C', 'pending']),
      { final: 'did B' },
      { final: 'still working' },
    ];
    model.load(steps);
    // Each iteration is a user turn; the script carries on across them here.
    const capped = await session.runUntilComplete('do A, B, C', { maxIterations: 3 });
    expect(capped.stopReason).toBe('iteration-cap');
    expect(capped.iterations).toBe(3);
    const continuePrompt = model.requests[2]!.messages.find(
      (message) =>
        message.role === 'user' &&
        !message.injected &&
        message.content.startsWith('Open items remain'),
    );
    expect(continuePrompt?.content).toBe(
      'Open items remain: #2 B; #3 C. Continue with the next one.',
    );

    model.load([
      write(['A', 'completed'], ['B', 'completed'], ['C', 'completed']),
      { final: 'all done' },
    ]);
    const done = await session.runUntilComplete('finish', { maxIterations: 3 });
    expect(done).toMatchObject({ stopReason: 'plan-complete', iterations: 1, answer: 'all done' });
  });
});
