import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { ConfigurationError, getLocale } from 'plankeeper';
import { createPlankeeper, PlanToolRejection } from 'plankeeper/ai-sdk';
import { quoteText } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';
import { promptLines, type ScriptedReply, scriptedModel } from '../../support/models/ai-sdk.js';
import { ownLoopSections } from '../../support/own-loop-sections.js';

const key = { agent: 'support', session: 'user-42' };
const en = getLocale('en');
const task = 'Can I return opened headphones?';

const lookup = tool({
  description: 'Look something up.',
  inputSchema: jsonSchema<{ query: string }>({
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query'],
  }),
  execute: async ({ query }) => `Found: ${query}`,
});

const twoSteps = {
  todos: [
    { content: 'Find the return policy', status: 'in_progress' },
    { content: 'Answer the customer', status: 'pending' },
  ],
};

/** The section after the model's own write of `twoSteps`: only the ids it was stored with. */
const twoStepsFocus = 'user: Stored as: now #1; open #2.';

async function stored(planner: ReturnType<typeof createPlankeeper>) {
  const current = await planner.engine.store.get(key);
  const history = await planner.engine.store.history(key);
  return JSON.stringify({ current, revisions: history.length });
}

describe('plankeeper/ai-sdk driven by generateText', () => {
  it('writes the plan through the tool loop and shows it after the last message of the next call', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([{ call: 'todo_write', input: twoSteps }, { text: 'Yes.' }]);
    await planner.beginTurn(task);

    const result = await generateText({
      model,
      system: planner.instructions,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });

    expect(result.text).toBe('Yes.');
    const plan = await planner.engine.snapshot(key);
    expect(plan.items.map(({ id, content, status }) => ({ id, content, status }))).toEqual([
      { id: '1', content: 'Find the return policy', status: 'in_progress' },
      { id: '2', content: 'Answer the customer', status: 'pending' },
    ]);
    expect(plan.turn).toBe(planner.harness.turn.id);
    // The write is recorded under the model's call id.
    const [revision] = await planner.engine.history(key);
    expect(revision?.source).toMatchObject({ tool: 'todo_write', callId: 'call-1-1' });
    // Nothing to show before a plan exists.
    expect(promptLines(model.doGenerateCalls[0])).toEqual([
      `system: ${en.harness.instructions}`,
      `user: ${task}`,
    ]);
    expect(promptLines(model.doGenerateCalls[1])).toEqual([
      `system: ${en.harness.instructions}`,
      `user: ${task}`,
      `assistant: call todo_write ${JSON.stringify(twoSteps)}`,
      'tool todo_write: text Todo list updated (0/2 completed).',
      twoStepsFocus,
    ]);
    // The tool output keeps the full result for hosts and UIs.
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      ok: true,
      title: 'todo_write: 0/2 completed',
    });
  });

  it("after the model's own todo_write, the next calls get the short form, as in plankeeper's own loop", async () => {
    const planner = createPlankeeper({ key, finishCheck: false, goalCheck: false });
    const script: ScriptedReply[] = [
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { text: 'Yes.' },
    ];
    const model = scriptedModel(script);
    await planner.beginTurn(task);
    await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });
    const sections = model.doGenerateCalls.map((call) => {
      const last = promptLines(call).at(-1);
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

  it('offers exactly the plan tools with plankeeper schemas', async () => {
    const planner = createPlankeeper({ key, tools: 'both' });
    const model = scriptedModel([{ text: 'Hello.' }]);
    await generateText({ model, tools: planner.tools, prompt: 'Hi' });
    const offered = model.doGenerateCalls[0]?.tools ?? [];
    expect(offered.map((offer) => offer.name)).toEqual([
      'todo_write',
      'todo_read',
      'todos_add',
      'todos_complete',
      'todos_remove',
      'todos_get_remaining',
      'todos_get_all',
    ]);
    const write = offered[0];
    expect(write?.type === 'function' && write.inputSchema).toMatchObject({
      type: 'object',
      required: ['todos'],
      additionalProperties: false,
    });
    expect(write?.type === 'function' && write.description).toBe(en.tools.todo_write);
  });

  it('speaks the configured language', async () => {
    const zh = getLocale('zh');
    const planner = createPlankeeper({ key, locale: 'zh' });
    const model = scriptedModel([{ call: 'todo_write', input: twoSteps }, { text: '可以。' }]);
    await planner.beginTurn(task);
    await generateText({
      model,
      system: planner.instructions,
      tools: planner.tools,
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });
    expect(planner.instructions).toBe(zh.harness.instructions);
    const offered = model.doGenerateCalls[0]?.tools?.[0];
    expect(offered?.type === 'function' && offered.description).toBe(zh.tools.todo_write);
    expect(promptLines(model.doGenerateCalls[1]).at(-1)).toBe(
      `user: ${zh.harness.storedIds('1', ['2'])}`,
    );
  });

  it('reminds the model after three tool rounds without a plan update, and keeps the reminder in place', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'lookup', input: { query: 'opened items' } },
      { call: 'lookup', input: { query: 'headphones' } },
      { call: 'lookup', input: { query: 'hygiene' } },
      { text: 'Opened headphones can be returned within 14 days.' },
    ]);
    await planner.beginTurn(task);
    await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(10),
    });

    const reminder = `user: ${en.harness.reminder(3)}`;
    const calls = model.doGenerateCalls.map(promptLines);
    expect(calls).toHaveLength(6);
    // Two idle rounds: no reminder yet.
    expect(calls[3]).not.toContain(reminder);
    // Three idle rounds: the reminder follows the third lookup's result, before the plan section.
    expect(calls[4]?.slice(-3)).toEqual([
      'tool lookup: text Found: headphones',
      reminder,
      expect.stringMatching(/^user: .*#1/s),
    ]);
    // The next call keeps it at the same place: everything before the plan section is a prefix.
    const keptPrefix = calls[4]!.slice(0, -1);
    expect(calls[5]!.slice(0, keptPrefix.length)).toEqual(keptPrefix);
    expect(calls[5]!.filter((line) => line === reminder)).toHaveLength(1);
  });

  it('rejects invalid writes as tool errors the model reads, and leaves the plan unchanged', async () => {
    const planner = createPlankeeper({ key });
    await planner.engine.write(key, twoSteps.todos as never, { turn: 'earlier' });
    // Beginning the turn notes it on the stored plan; the baseline is taken after that,
    // so only the rejected writes are under test.
    await planner.beginTurn(task);
    const before = await stored(planner);
    const model = scriptedModel([
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
      // `[]` would clear the plan; the trailing second object must stop it.
      { call: 'todo_write', input: '{"todos":[]}{"todos":[]}' },
      { text: 'Sorry.' },
    ]);
    const result = await generateText({
      model,
      tools: planner.tools,
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });

    expect(await stored(planner)).toBe(before);
    const rejections = result.steps.slice(0, 2).map((step) => {
      const part = step.content.find((content) => content.type === 'tool-error');
      expect(PlanToolRejection.isInstance(part?.error)).toBe(true);
      return part?.error as PlanToolRejection;
    });
    expect(rejections.map((rejection) => rejection.result.ok)).toEqual([false, false]);
    expect(rejections.map((rejection) => rejection.message)).toEqual([
      'Rejected; the todo list is unchanged. Fix and resend:\n- todos[0].priority: unknown field "priority". Allowed: id, content, status, description, activeForm, note, blockedBy.',
      'Rejected; the todo list is unchanged. Fix and resend:\n- 2 entries are in_progress (#1 Find the return policy; #2 Answer the customer); only one may be. Set the others to pending or completed.',
    ]);
    // The model reads each correction as the tool's error output on its next call.
    expect(promptLines(model.doGenerateCalls[1])).toContain(
      `tool todo_write: error-text ${rejections[0]?.message}`,
    );
    expect(promptLines(model.doGenerateCalls[2])).toContain(
      `tool todo_write: error-text ${rejections[1]?.message}`,
    );
    // Trailing data fails the SDK's own JSON parse before execute; the model reads that error.
    const third = result.steps[2]?.content.find((content) => content.type === 'tool-error');
    expect(String(third?.error)).toMatch(/JSON/);
    const fourth = promptLines(model.doGenerateCalls[3]);
    expect(fourth.at(-3)).toMatch(/^tool todo_write: error-text .*JSON/s);
    // Failed writes are not updates: three of them in a row earn the reminder.
    expect(fourth.at(-2)).toBe(`user: ${en.harness.reminder(3)}`);
    expect(fourth.at(-1)).toMatch(/^user: ### Leftover todo list/);
  });

  it('bounces an answer once with the finish check and once with the goal check', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps },
      { text: 'All done.' },
      { text: 'Still done.' },
      { text: 'Opened headphones: 14 days; two steps were not needed.' },
    ]);

    const run = await planner.runWithPlan({
      model,
      system: planner.instructions,
      tools: { ...planner.tools, lookup },
      prompt: task,
      stopWhen: stepCountIs(5),
    });

    expect(run.text).toBe('Opened headphones: 14 days; two steps were not needed.');
    expect(run.bounces.map((bounce) => bounce.kind)).toEqual(['finish-check', 'goal-check']);
    expect(model.doGenerateCalls).toHaveLength(4);
    const open = (await planner.engine.snapshot(key)).items;
    expect(run.bounces[0]?.text).toBe(en.harness.finishCheck(open, quoteText));
    const third = promptLines(model.doGenerateCalls[2]);
    expect(third.slice(1)).toEqual([
      `user: ${task}`,
      `assistant: call todo_write ${JSON.stringify(twoSteps)}`,
      'tool todo_write: text Todo list updated (0/2 completed).',
      'assistant: All done.',
      `user: ${run.bounces[0]?.text}`,
      'user: ### Current todo list (0/2 completed, unchanged)\nNow: #1 Find the return policy\nOpen: #2',
    ]);
    expect(run.bounces[1]?.text).toBe(en.harness.goalCheck(task));
    // The second call keeps the first bounce where it was and adds the goal check.
    expect(promptLines(model.doGenerateCalls[3]).slice(1)).toEqual([
      ...third.slice(1, -1),
      'assistant: Still done.',
      `user: ${run.bounces[1]?.text}`,
      third.at(-1),
    ]);
    // The turn's messages carry the bounces, ready to append to the conversation.
    expect(
      run.responseMessages.filter((message) => message.role === 'user').map((m) => m.content),
    ).toEqual([run.bounces[0]?.text, run.bounces[1]?.text]);
  });

  it('keeps every earlier message unchanged across steps, bounces and user turns', async () => {
    const planner = createPlankeeper({ key });
    const done = {
      todos: [
        { id: '1', content: 'Find the return policy', status: 'completed' },
        { id: '2', content: 'Answer the customer', status: 'completed' },
      ],
    };
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'lookup', input: { query: 'opened' } },
      { call: 'lookup', input: { query: 'headphones' } },
      { call: 'todo_write', input: done },
      { text: 'Yes, within 14 days.' },
      { call: 'lookup', input: { query: 'unopened' } },
      { text: 'Unopened ones too, within 30 days.' },
    ]);
    const settings = { model, tools: { ...planner.tools, lookup }, stopWhen: stepCountIs(10) };

    const first = await planner.runWithPlan({ ...settings, prompt: task });
    // The goal check rode on the closing write's result: no bounce.
    expect(first.bounces).toEqual([]);
    const second = await planner.runWithPlan({
      ...settings,
      messages: [
        { role: 'user', content: task },
        ...first.responseMessages,
        { role: 'user', content: 'And unopened ones?' },
      ],
    });
    expect(second.text).toBe('Unopened ones too, within 30 days.');
    expect(second.bounces).toEqual([]);

    const calls = model.doGenerateCalls.map(promptLines);
    expect(calls).toHaveLength(8);
    for (let index = 0; index + 1 < calls.length; index++) {
      const current = calls[index]!;
      // Only a trailing plan section is transient; everything before it must stay put.
      const last = current.at(-1);
      const section = last?.startsWith('user: ### ') || last?.startsWith('user: Stored as:');
      const stable = section ? current.slice(0, -1) : current;
      expect(calls[index + 1]!.slice(0, stable.length)).toEqual(stable);
    }
    // The reminder from the first turn is still in place in the second.
    expect(calls[7]).toContain(`user: ${en.harness.reminder(3)}`);
    // A finished plan from the first turn is not shown in the second.
    expect(calls[7]!.at(-1)).toBe('tool lookup: text Found: unopened');
  });

  it('with placement "history", keeps each changed plan section where it was added', async () => {
    // Granular tools: a change the model did not write whole, so it is shown.
    const planner = createPlankeeper({
      key,
      tools: 'granular',
      injection: { placement: 'history' },
    });
    const add = {
      todos: [{ content: 'Find the return policy' }, { content: 'Answer the customer' }],
    };
    const model = scriptedModel([
      { call: 'todos_add', input: add },
      { call: 'lookup', input: { query: 'policy' } },
      { text: 'Yes.' },
    ]);
    await planner.beginTurn(task);
    await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });
    const section =
      'user: ### Current todo list (0/2 completed)\n- [ ] #1 Find the return policy\n- [ ] #2 Answer the customer';
    expect(promptLines(model.doGenerateCalls[1]).at(-1)).toBe(section);
    // Unchanged plan: nothing new is added, and the earlier section stays where it was.
    expect(promptLines(model.doGenerateCalls[2]).slice(-4)).toEqual([
      'tool todos_add: text Added #1, #2.',
      section,
      `assistant: call lookup ${JSON.stringify({ query: 'policy' })}`,
      'tool lookup: text Found: policy',
    ]);
  });

  it('runs your own prepareStep after its own, on the messages with the plan', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps },
      { text: 'Yes.' },
      { text: 'Checked.' },
      { text: 'Sure.' },
    ]);
    const seen: number[] = [];
    await planner.runWithPlan({
      model,
      tools: planner.tools,
      prompt: task,
      stopWhen: stepCountIs(5),
      prepareStep: ({ messages }) => {
        seen.push(messages.length);
        return { temperature: 0 };
      },
    });
    // The step after the write sees 3 history messages plus the plan section.
    expect(seen.slice(0, 2)).toEqual([1, 4]);
    expect(model.doGenerateCalls[1]?.temperature).toBe(0);
  });

  it('works the same in streamText', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([{ call: 'todo_write', input: twoSteps }, { text: 'Yes.' }]);
    await planner.beginTurn(task);
    const stream = streamText({
      model,
      tools: planner.tools,
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: stepCountIs(5),
    });
    expect(await stream.text).toBe('Yes.');
    expect(promptLines(model.doStreamCalls[1]).at(-1)).toBe(twoStepsFocus);
  });

  const closeBoth = {
    todos: [
      { id: '1', content: 'Find the return policy', status: 'completed' },
      { id: '2', content: 'Answer the customer', status: 'completed' },
    ],
  };

  it('planComplete() waits for the answer after the write that closes the plan', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'todo_write', input: closeBoth },
      { text: 'Yes, within 14 days.' },
    ]);
    await planner.beginTurn(task);
    const result = await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: [planner.planComplete(), stepCountIs(10)],
    });
    expect(result.text).toBe('Yes, within 14 days.');
    expect(model.doGenerateCalls).toHaveLength(4);
  });

  it('planComplete() stops at a step that closes the plan and answers in one', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps },
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'todo_write', input: closeBoth, withText: 'Yes, within 14 days.' },
      { call: 'lookup', input: { query: 'never asked' } },
    ]);
    await planner.beginTurn(task);
    const result = await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: [planner.planComplete(), stepCountIs(10)],
    });
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(result.text).toBe('Yes, within 14 days.');
    expect(result.steps.at(-1)?.toolCalls[0]?.toolName).toBe('todo_write');
  });

  it('planComplete() does not stop on text while items are open', async () => {
    const planner = createPlankeeper({ key });
    const model = scriptedModel([
      { call: 'todo_write', input: twoSteps, withText: 'Let me check.' },
      { call: 'todo_write', input: closeBoth },
      { text: 'Yes.' },
    ]);
    await planner.beginTurn(task);
    const result = await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: [planner.planComplete(), stepCountIs(10)],
    });
    expect(result.text).toBe('Yes.');
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('planComplete() does not stop on a plan finished in an earlier turn', async () => {
    const planner = createPlankeeper({ key });
    await planner.engine.write(key, [{ content: 'Old step', status: 'completed' }], {
      turn: 'earlier',
    });
    const model = scriptedModel([
      { call: 'lookup', input: { query: 'policy' } },
      { call: 'lookup', input: { query: 'opened' } },
      { text: 'Yes, within 14 days.' },
    ]);
    await planner.beginTurn(task);
    const result = await generateText({
      model,
      tools: { ...planner.tools, lookup },
      prompt: task,
      prepareStep: planner.prepareStep,
      stopWhen: [planner.planComplete(), stepCountIs(10)],
    });
    expect(result.text).toBe('Yes, within 14 days.');
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('refuses to run without the plan tools', async () => {
    const planner = createPlankeeper({ key });
    await expect(
      planner.runWithPlan({ model: scriptedModel([]), tools: { lookup }, prompt: task }),
    ).rejects.toSatisfy((error) => ConfigurationError.isInstance(error));
  });
});
