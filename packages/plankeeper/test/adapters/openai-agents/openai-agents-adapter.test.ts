import { Agent, MemorySession, Runner, run, setTracingDisabled, tool } from '@openai/agents';
import { ConfigurationError, getLocale } from 'plankeeper';
import { quoteText } from 'plankeeper/harness';
import { createPlankeeper } from 'plankeeper/openai-agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel, type ScriptedReply } from '../../support/models/openai-agents.js';
import { ownLoopSections } from '../../support/own-loop-sections.js';

const key = { agent: 'support', session: 'user-42' };
const en = getLocale('en');
const task = 'Can I return opened headphones?';

const lookup = tool({
  name: 'lookup',
  description: 'Look something up.',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
    additionalProperties: false,
  },
  execute: async (input) => `Found: ${(input as { query: string }).query}`,
});

const twoSteps = {
  todos: [
    { content: 'Find the return policy', status: 'in_progress' },
    { content: 'Answer the customer', status: 'pending' },
  ],
};
/** The section after the model's own write of `twoSteps`: only the ids it was stored with. */
const twoStepsFocus = 'user: Stored as: now #1; open #2.';

function supportAgent(planner: ReturnType<typeof createPlankeeper>, model?: ScriptedModel) {
  return new Agent({
    name: 'Support',
    instructions: `You answer customer questions.\n\n${planner.instructions}`,
    tools: [...planner.tools, lookup],
    ...(model && { model }),
  });
}

async function stored(planner: ReturnType<typeof createPlankeeper>) {
  const current = await planner.engine.store.get(key);
  const history = await planner.engine.store.history(key);
  return JSON.stringify({ current, revisions: history.length });
}

beforeAll(() => {
  // No trace export: tests stay off the network.
  setTracingDisabled(true);
});

describe('plankeeper/openai-agents driven by run()', () => {
  it('writes the plan through the run loop and shows it after the last item of the next call', async () => {
    const planner = createPlankeeper({ key });
    const model = new ScriptedModel([{ call: 'todo_write', input: twoSteps }, { text: 'Yes.' }]);
    await planner.beginTurn(task);

    const result = await run(supportAgent(planner, model), task, {
      callModelInputFilter: planner.callModelInputFilter,
    });

    expect(result.finalOutput).toBe('Yes.');
    const plan = await planner.engine.snapshot(key);
    expect(plan.items.map(({ id, content, status }) => ({ id, content, status }))).toEqual([
      { id: '1', content: 'Find the return policy', status: 'in_progress' },
      { id: '2', content: 'Answer the customer', status: 'pending' },
    ]);
    expect(plan.turn).toBe(planner.harness.turn.id);
    // The write is recorded under the model's call id.
    const [revision] = await planner.engine.history(key);
    expect(revision?.source).toMatchObject({ tool: 'todo_write', callId: 'call-1-1' });
    expect(model.lines(0)).toEqual([`user: ${task}`]);
    expect(model.lines(1)).toEqual([
      `user: ${task}`,
      `call todo_write ${JSON.stringify(twoSteps)}`,
      'result todo_write: Todo list updated (0/2 completed).',
      twoStepsFocus,
    ]);
    // The instructions carry the guidance and never change between calls.
    expect(model.requests[0]?.systemInstructions).toContain(en.harness.instructions);
    expect(model.requests[1]?.systemInstructions).toBe(model.requests[0]?.systemInstructions);
    // The section is for the model only: the run's history does not keep it.
    expect(result.history.map((item) => ('role' in item ? item.content : item.type))).toEqual([
      task,
      'function_call',
      'function_call_result',
      [{ type: 'output_text', text: 'Yes.' }],
    ]);
  });

  it("after the model's own todo_write, the next calls get the short form, as in plankeeper's own loop", async () => {
    const planner = createPlankeeper({ key, finishCheck: false, goalCheck: false });
    const script: ScriptedReply[] = [
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { text: 'Yes.' },
    ];
    const model = new ScriptedModel(script);
    await planner.beginTurn(task);
    await run(supportAgent(planner, model), task, {
      callModelInputFilter: planner.callModelInputFilter,
    });
    const sections = model.requests.map((_, index) => {
      const last = model.lines(index).at(-1);
      return last?.startsWith('user: ') && last !== `user: ${task}`
        ? last.slice('user: '.length)
        : undefined;
    });
    // Right after its own write only the stored ids; a round later the focus form.
    expect(sections).toEqual([
      undefined,
      twoStepsFocus.slice('user: '.length),
      '### Current todo list (0/2 completed, unchanged)\nNow: #1 Find the return policy\nOpen: #2',
    ]);
    expect(sections).toEqual(
      await ownLoopSections(script, { finishCheck: false, goalCheck: false }),
    );
  });

  it('offers the plan tools with plankeeper schemas, non-strict', async () => {
    const planner = createPlankeeper({ key, tools: 'both' });
    const model = new ScriptedModel([{ text: 'Hello.' }]);
    await run(supportAgent(planner, model), 'Hi');
    const offered = model.requests[0]?.tools ?? [];
    expect(offered.map((offer) => offer.name)).toEqual([
      'todo_write',
      'todo_read',
      'todos_add',
      'todos_complete',
      'todos_remove',
      'todos_get_remaining',
      'todos_get_all',
      'lookup',
    ]);
    const write = offered[0];
    expect(write?.type === 'function' && write.strict).toBe(false);
    expect(write?.type === 'function' && write.description).toBe(en.tools.todo_write);
    expect(write?.type === 'function' && write.parameters).toMatchObject({
      type: 'object',
      required: ['todos'],
      additionalProperties: false,
    });
  });

  it('speaks the configured language', async () => {
    const zh = getLocale('zh');
    const planner = createPlankeeper({ key, locale: 'zh' });
    const model = new ScriptedModel([{ call: 'todo_write', input: twoSteps }, { text: '可以。' }]);
    await planner.beginTurn(task);
    await run(supportAgent(planner, model), task, {
      callModelInputFilter: planner.callModelInputFilter,
    });
    expect(planner.instructions).toBe(zh.harness.instructions);
    const offered = model.requests[0]?.tools[0];
    expect(offered?.type === 'function' && offered.description).toBe(zh.tools.todo_write);
    expect(model.lines(1).at(-1)).toBe(`user: ${zh.harness.storedIds('1', ['2'])}`);
  });

  it('reminds the model after three tool rounds without a plan update, through a Runner with a model provider', async () => {
    const planner = createPlankeeper({ key });
    const model = new ScriptedModel([
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'lookup', input: { query: 'opened items' } },
      {
        calls: [
          { tool: 'lookup', input: { query: 'headphones' } },
          { tool: 'lookup', input: { query: 'hygiene' } },
        ],
      },
      { call: 'lookup', input: { query: 'receipt' } },
      { text: 'Opened headphones can be returned within 14 days.' },
    ]);
    const runner = new Runner({
      modelProvider: { getModel: () => model },
      callModelInputFilter: planner.callModelInputFilter,
    });
    await planner.beginTurn(task);
    await runner.run(supportAgent(planner), task);

    const reminder = `user: ${en.harness.reminder(3)}`;
    const calls = model.requests.map((_, index) => model.lines(index));
    expect(calls).toHaveLength(6);
    expect(calls[3]).not.toContain(reminder);
    // Two calls in one reply are one round: the reminder follows both results.
    expect(calls[4]?.slice(-4)).toEqual([
      'result lookup: Found: headphones',
      'result lookup: Found: hygiene',
      reminder,
      'user: ### Current todo list (0/2 completed, unchanged)\nNow: #1 Find the return policy\nOpen: #2',
    ]);
    // Kept in place on the next call: everything before the plan section is a prefix.
    const keptPrefix = calls[4]!.slice(0, -1);
    expect(calls[5]!.slice(0, keptPrefix.length)).toEqual(keptPrefix);
    expect(calls[5]!.filter((line) => line === reminder)).toHaveLength(1);
  });

  it('returns a rejected write to the model as its correction and leaves the plan unchanged', async () => {
    const planner = createPlankeeper({ key });
    await planner.engine.write(key, twoSteps.todos as never, { turn: 'earlier' });
    // Beginning the turn notes it on the stored plan; the baseline is taken after that,
    // so only the rejected writes are under test.
    await planner.beginTurn(task);
    const before = await stored(planner);
    const model = new ScriptedModel([
      {
        call: 'todo_write',
        input: { todos: [{ content: 'Find the return policy', status: 'pending', priority: 1 }] },
      },
      {
        call: 'todo_write',
        input: {
          todos: [
            { id: '1', content: 'Find the return policy', status: 'in_progress' },
            { id: '2', content: 'Answer the customer', status: 'in_progress' },
          ],
        },
      },
      { call: 'todo_write', input: { todos: null } },
      // `[]` would clear the plan; the trailing second object must stop it.
      { call: 'todo_write', input: '{"todos":[]}{"todos":[]}' },
      { text: 'Sorry.' },
    ]);
    await run(supportAgent(planner, model), task, {
      callModelInputFilter: planner.callModelInputFilter,
    });

    expect(await stored(planner)).toBe(before);
    const rejected = 'Rejected; the todo list is unchanged. Fix and resend:';
    expect(model.lines(1).at(-2)).toBe(
      `result todo_write: ${rejected}\n- todos[0].priority: unknown field "priority". Allowed: id, content, status, description, activeForm, note, blockedBy.`,
    );
    expect(model.lines(2).at(-2)).toBe(
      `result todo_write: ${rejected}\n- 2 entries are in_progress (#1 Find the return policy; #2 Answer the customer); only one may be. Set the others to pending or completed.`,
    );
    expect(model.lines(3).at(-3)).toBe(
      `result todo_write: ${rejected}\n- todos is null. Send the full list as an array; [] clears it.`,
    );
    // Three failed writes are three rounds without an update.
    expect(model.lines(3).at(-2)).toBe(`user: ${en.harness.reminder(3)}`);
    // Trailing data fails the SDK's own JSON parse before the tool runs; the model reads that.
    expect(model.lines(4).at(-2)).toMatch(/^result todo_write: .*valid JSON/);
  });

  it('bounces an answer once with the finish check and once with the goal check', async () => {
    const planner = createPlankeeper({ key });
    const model = new ScriptedModel([
      { call: 'todo_write', input: twoSteps },
      { text: 'All done.' },
      { text: 'Still done.' },
      { text: 'Opened headphones: 14 days; two steps were not needed.' },
    ]);

    const { finalOutput, bounces, result } = await planner.runWithPlan(
      supportAgent(planner, model),
      task,
    );

    expect(finalOutput).toBe('Opened headphones: 14 days; two steps were not needed.');
    expect(bounces.map((bounce) => bounce.kind)).toEqual(['finish-check', 'goal-check']);
    const open = (await planner.engine.snapshot(key)).items;
    expect(bounces[0]?.text).toBe(en.harness.finishCheck(open, quoteText));
    expect(bounces[1]?.text).toBe(en.harness.goalCheck(task));
    expect(model.requests).toHaveLength(4);
    const focus =
      'user: ### Current todo list (0/2 completed, unchanged)\nNow: #1 Find the return policy\nOpen: #2';
    expect(model.lines(2)).toEqual([
      `user: ${task}`,
      `call todo_write ${JSON.stringify(twoSteps)}`,
      'result todo_write: Todo list updated (0/2 completed).',
      'assistant: All done.',
      `user: ${bounces[0]?.text}`,
      focus,
    ]);
    expect(model.lines(3)).toEqual([
      ...model.lines(2).slice(0, -1),
      'assistant: Still done.',
      `user: ${bounces[1]?.text}`,
      focus,
    ]);
    // The last run's history holds the whole turn, bounces included, without plan sections.
    expect(
      result.history.flatMap((item) =>
        'role' in item && item.role === 'user' ? [item.content] : [],
      ),
    ).toEqual([task, bounces[0]?.text, bounces[1]?.text]);
  });

  it('keeps every earlier item unchanged across calls, bounces and user turns', async () => {
    const planner = createPlankeeper({ key });
    const model = new ScriptedModel([
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'lookup', input: { query: 'opened' } },
      { call: 'lookup', input: { query: 'headphones' } },
      {
        call: 'todo_write',
        input: {
          todos: [
            { id: '1', content: 'Find the return policy', status: 'completed' },
            { id: '2', content: 'Answer the customer', status: 'completed' },
          ],
        },
      },
      { text: 'Yes, within 14 days.' },
      { call: 'lookup', input: { query: 'unopened' } },
      { text: 'Unopened ones too, within 30 days.' },
    ]);
    const agent = supportAgent(planner, model);

    const first = await planner.runWithPlan(agent, task);
    // The goal check rode on the closing write's result: no bounce.
    expect(first.bounces).toEqual([]);
    const second = await planner.runWithPlan(agent, [
      ...first.result.history,
      { role: 'user', content: 'And unopened ones?' },
    ]);
    expect(second.finalOutput).toBe('Unopened ones too, within 30 days.');
    expect(second.bounces).toEqual([]);

    const calls = model.requests.map((_, index) => model.lines(index));
    expect(calls).toHaveLength(8);
    for (let index = 0; index + 1 < calls.length; index++) {
      const current = calls[index]!;
      const last = current.at(-1);
      const section = last?.startsWith('user: ### ') || last?.startsWith('user: Stored as:');
      const stable = section ? current.slice(0, -1) : current;
      expect(calls[index + 1]!.slice(0, stable.length)).toEqual(stable);
    }
    expect(calls[7]).toContain(`user: ${en.harness.reminder(3)}`);
    // The plan finished in the first turn is not shown in the second.
    expect(calls[7]!.at(-1)).toBe('result lookup: Found: unopened');
  });

  it('runs your own input filter after its own, and works on streamed runs', async () => {
    const planner = createPlankeeper({ key });
    const model = new ScriptedModel([{ call: 'todo_write', input: twoSteps }, { text: 'Yes.' }]);
    await planner.beginTurn(task);
    const streamed = await run(supportAgent(planner, model), task, {
      stream: true,
      callModelInputFilter: planner.callModelInputFilter,
    });
    await streamed.completed;
    expect(model.lines(1).at(-1)).toBe(twoStepsFocus);

    const second = createPlankeeper({ key: { ...key, session: 'user-43' } });
    const seen: string[][] = [];
    const model2 = new ScriptedModel([
      { call: 'todo_write', input: twoSteps },
      { text: 'Yes.' },
      { text: 'Checked.' },
      { text: 'Sure.' },
    ]);
    await second.runWithPlan(supportAgent(second, model2), task, {
      callModelInputFilter: ({ modelData }) => {
        seen.push(modelData.input.map((item) => ('role' in item ? String(item.content) : '')));
        return { ...modelData, instructions: 'Custom.' };
      },
    });
    expect(seen[1]?.at(-1)).toBe(twoStepsFocus.slice('user: '.length));
    expect(model2.requests[1]?.systemInstructions).toBe('Custom.');
  });

  it('refuses stores that would keep the transient plan section', async () => {
    const planner = createPlankeeper({ key });
    const agent = supportAgent(planner, new ScriptedModel([]));
    await expect(
      planner.runWithPlan(agent, task, { session: new MemorySession() }),
    ).rejects.toSatisfy((error) => ConfigurationError.isInstance(error));
    await expect(
      planner.runWithPlan(agent, task, { previousResponseId: 'resp_1' }),
    ).rejects.toSatisfy((error) => ConfigurationError.isInstance(error));
  });
});
