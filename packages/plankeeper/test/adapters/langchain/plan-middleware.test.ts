import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import {
  AIMessage,
  type AnyAgentMiddleware,
  type BaseMessage,
  createAgent,
  createMiddleware,
  HumanMessage,
  modelRetryMiddleware,
  SystemMessage,
  ToolMessage,
} from 'langchain';
import type { PlanKey } from 'plankeeper';
import {
  createPlanTools,
  defaultInstructions,
  getLocale,
  PlanEngine,
  progressOf,
  renderPlan,
} from 'plankeeper';
import { quoteText } from 'plankeeper/harness';
import { injectionKind, planMiddleware } from 'plankeeper/langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  lookup,
  lookupTool,
  received,
  type Step,
  scriptedModel,
  write,
} from '../../support/models/langchain.js';
import { ownLoopSections } from '../../support/own-loop-sections.js';

const en = getLocale('en');
const THREAD = 'thread-1';
const KEY: PlanKey = { agent: 'langchain', session: THREAD };
const TASK = 'Answer the customer: can they return a used kettle?';

function run(
  steps: readonly Step[],
  options: Parameters<typeof planMiddleware>[0] = {},
  extra: { before?: AnyAgentMiddleware[] } = {},
) {
  const engine = options.engine ?? new PlanEngine();
  const model = scriptedModel(steps);
  const middleware: AnyAgentMiddleware[] = [
    ...(extra.before ?? []),
    planMiddleware({ ...options, engine }),
  ];
  const agent = createAgent({
    model,
    tools: [lookupTool],
    systemPrompt: 'You are a support agent.',
    middleware,
  });
  const result = agent.invoke(
    { messages: [new HumanMessage(TASK)] },
    { configurable: { thread_id: THREAD } },
  );
  return { engine, model, result };
}

/** Adds two pending items: a change the model did not write whole, so it is shown in full. */
const addTwo: Step = {
  tool: 'todos_add',
  args: { todos: [{ content: 'Find the return policy' }, { content: 'Draft the answer' }] },
};

function kinds(messages: readonly BaseMessage[]) {
  return messages.map((message) => injectionKind(message));
}

describe('planMiddleware in createAgent', () => {
  it('writes the plan through the agent under the thread’s key', async () => {
    const { engine, result } = run(
      [
        write(['Find the return policy', 'in_progress'], ['Draft the answer', 'pending']),
        { final: 'Done.' },
      ],
      { finishCheck: false, goalCheck: false },
    );
    const { messages } = await result;
    expect((await engine.snapshot(KEY)).items).toMatchObject([
      { id: '1', content: 'Find the return policy', status: 'in_progress' },
      { id: '2', content: 'Draft the answer', status: 'pending' },
    ]);
    const toolMessage = messages.find((message) => ToolMessage.isInstance(message));
    expect(toolMessage).toMatchObject({
      name: 'todo_write',
      tool_call_id: 'call-1',
      status: 'success',
    });
    expect(toolMessage?.artifact).toMatchObject({ version: 1, items: [{ id: '1' }, { id: '2' }] });
  });

  it.each(['en', 'zh'] as const)(
    'binds the model to the plan tools with their exact names, descriptions and schemas (%s)',
    (locale) => {
      const engine = new PlanEngine();
      const middleware = planMiddleware({ engine, tools: 'both', locale });
      const expected = createPlanTools({ engine, tools: 'both', locale });
      expect(middleware.tools?.map((tool) => convertToOpenAITool(tool).function)).toEqual(
        expected.map(({ name, description, inputSchema }) => ({
          name,
          description,
          parameters: inputSchema,
        })),
      );
    },
  );

  it.each([
    [
      'the default instructions',
      undefined,
      `You are a support agent.\n\n${defaultInstructions('en')}`,
    ],
    ['instructions of the host', 'Plan first.', 'You are a support agent.\n\nPlan first.'],
    ['no instructions', false, 'You are a support agent.'],
  ] as const)('adds %s to the system prompt', async (_, instructions, system) => {
    const { model, result } = run([{ final: 'Hello.' }], {
      ...(instructions !== undefined && { instructions }),
    });
    await result;
    expect(received(model, 0)[0]).toBeInstanceOf(SystemMessage);
    expect(received(model, 0)[0]?.text).toBe(system);
  });

  it('runs the granular tools too, with the completion reason stored', async () => {
    const { engine, result } = run(
      [
        {
          tool: 'todos_add',
          args: { todos: [{ content: 'Find the return policy' }, { content: 'Draft the answer' }] },
        },
        {
          tool: 'todos_complete',
          args: { items: [{ id: '1', reason: 'Policy section 4 allows it.' }] },
        },
        { final: 'Done.' },
      ],
      { tools: 'granular', finishCheck: false, goalCheck: false },
    );
    const { messages } = await result;
    expect(messages.filter((message) => ToolMessage.isInstance(message))).toMatchObject([
      { name: 'todos_add', status: 'success' },
      { name: 'todos_complete', status: 'success' },
    ]);
    const items = (await engine.snapshot(KEY)).items;
    expect(items).toMatchObject([
      { id: '1', status: 'completed', note: 'Policy section 4 allows it.' },
      { id: '2', status: 'pending' },
    ]);
  });

  it('shows the plan at the tail of the next model call without storing it in the state', async () => {
    const { engine, model, result } = run([addTwo, lookup('return policy'), { final: 'Done.' }], {
      tools: 'granular',
      finishCheck: false,
      goalCheck: false,
    });
    const { messages } = await result;
    const items = (await engine.snapshot(KEY)).items;

    expect(kinds(received(model, 0))).not.toContain('plan');

    const second = received(model, 1);
    expect(ToolMessage.isInstance(second.at(-2))).toBe(true);
    expect(injectionKind(second.at(-1)!)).toBe('plan');
    expect(second.at(-1)?.text).toBe(renderPlan(items, { locale: en }));

    // Unchanged since the model saw it in full: the brief form.
    const third = received(model, 2);
    expect(injectionKind(third.at(-1)!)).toBe('plan');
    expect(third.at(-1)?.text).toBe(en.harness.focus(progressOf(items), undefined, ['1', '2']));

    expect(kinds(messages)).not.toContain('plan');
  });

  it("after the model's own todo_write, the next calls get the short form, as in plankeeper's own loop", async () => {
    const script = [
      write(['Find the return policy', 'in_progress'], ['Draft the answer', 'pending']),
      lookup('return policy'),
      { final: 'Done.' },
    ];
    const { engine, model, result } = run(script, { finishCheck: false, goalCheck: false });
    await result;
    const items = (await engine.snapshot(KEY)).items;
    const sections = model.calls.map(({ messages }) => {
      const last = messages.at(-1);
      return last && injectionKind(last) === 'plan' ? last.text : undefined;
    });
    // Right after its own write only the stored ids; a round later the focus form.
    expect(sections).toEqual([
      undefined,
      en.harness.storedIds('1', ['2']),
      en.harness.focus(progressOf(items), items[0], ['2']),
    ]);
    expect(sections).toEqual(
      await ownLoopSections(script, { finishCheck: false, goalCheck: false }),
    );
  });

  it('reminds the model after three tool rounds without a plan update, and keeps the reminder', async () => {
    const { model, result } = run(
      [
        write(['Find the return policy', 'in_progress'], ['Draft the answer', 'pending']),
        lookup('returns'),
        lookup('kettles'),
        lookup('used items'),
        { final: 'Done.' },
      ],
      { finishCheck: false, goalCheck: false },
    );
    const { messages } = await result;
    const reminder = en.harness.reminder(3);

    for (const index of [1, 2, 3]) {
      expect(received(model, index).map((message) => message.text)).not.toContain(reminder);
    }
    const fifth = received(model, 4);
    expect(kinds(fifth.slice(-3))).toEqual([undefined, 'reminder', 'plan']);
    expect(fifth.at(-2)?.text).toBe(reminder);

    const kept = messages.findIndex((message) => injectionKind(message) === 'reminder');
    expect(messages[kept]?.text).toBe(reminder);
    expect(messages[kept - 1]).toMatchObject({ tool_call_id: 'call-4' });
  });

  it('rejects an invalid write without changing the stored plan, and the model reads our correction', async () => {
    const engine = new PlanEngine();
    const stored = () =>
      Promise.all([engine.store.get(KEY), engine.store.history(KEY)]).then((parts) =>
        JSON.stringify(parts),
      );
    const snapshots: string[] = [];
    const probe = createMiddleware({
      name: 'store-probe',
      wrapToolCall: async (request, handler) => {
        snapshots.push(await stored());
        const message = await handler(request);
        snapshots.push(await stored());
        return message;
      },
    });
    // "done" is outside the status enum: LangChain's own schema check would answer it with
    // a generic message, so this shows that our validation is the one that speaks.
    const invalid = write(['Find the return policy', 'in_progress'], ['Draft the answer', 'done']);
    const { model, result } = run(
      [
        write(['Find the return policy', 'in_progress'], ['Draft the answer', 'pending']),
        invalid,
        { final: 'Done.' },
      ],
      { engine, finishCheck: false, goalCheck: false },
      { before: [probe] },
    );
    const { messages } = await result;

    expect(snapshots).toHaveLength(4);
    expect(snapshots[1]).not.toBe(snapshots[0]);
    expect(snapshots[3]).toBe(snapshots[2]);
    expect((await engine.snapshot(KEY)).version).toBe(1);

    const [todoWrite] = createPlanTools({ engine: new PlanEngine(), locale: 'en' });
    const correction = await todoWrite!.execute('tool' in invalid ? invalid.args : {}, {
      key: { agent: 'elsewhere', session: 'x' },
    });
    expect(correction.ok).toBe(false);
    const rejection = messages.filter((message) => ToolMessage.isInstance(message))[1];
    expect(rejection).toMatchObject({
      name: 'todo_write',
      tool_call_id: 'call-2',
      status: 'error',
      content: correction.text,
    });
    const third = received(model, 2);
    const shown = third.find(
      (message) => ToolMessage.isInstance(message) && message.tool_call_id === 'call-2',
    );
    expect(shown?.text).toBe(correction.text);
  });

  it('bounces a final answer once while the plan written this turn has open items', async () => {
    const { engine, model, result } = run(
      [
        write(['Find the return policy', 'completed'], ['Draft the answer', 'in_progress']),
        { final: 'You can return it.' },
        { final: 'You can return it within 30 days.' },
      ],
      { goalCheck: false },
    );
    const { messages } = await result;
    const open = (await engine.snapshot(KEY)).items.filter((item) => item.status !== 'completed');

    expect(model.callCount).toBe(3);
    const third = received(model, 2);
    const bounce = third.find((message) => injectionKind(message) === 'finish-check');
    expect(bounce?.text).toBe(en.harness.finishCheck(open, quoteText));
    expect(AIMessage.isInstance(third[third.indexOf(bounce!) - 1])).toBe(true);
    expect(kinds(messages).filter((kind) => kind === 'finish-check')).toHaveLength(1);
    expect(messages.at(-1)?.text).toBe('You can return it within 30 days.');
  });

  it('asks once to check the answer against the request, in the result of the write that closes the plan', async () => {
    const { model, result } = run([
      write(['Find the return policy', 'completed']),
      { final: 'Yes, within 30 days, with the receipt.' },
      { final: 'never asked for' },
    ]);
    const { messages } = await result;

    expect(model.callCount).toBe(2);
    const writeResult = received(model, 1).findLast((message) => ToolMessage.isInstance(message));
    expect(writeResult?.text).toContain(en.harness.goalCheckAhead(TASK));
    expect(received(model, 1).some((message) => injectionKind(message) === 'goal-check')).toBe(
      false,
    );
    expect(messages.at(-1)?.text).toBe('Yes, within 30 days, with the receipt.');
  });

  it('bounces the answer once when no write closed the plan', async () => {
    const { model, result } = run(
      [
        write(['Find the return policy', 'in_progress']),
        { final: 'Yes.' },
        { final: 'Yes, within 30 days, with the receipt.' },
      ],
      { finishCheck: false },
    );
    const { messages } = await result;

    expect(model.callCount).toBe(3);
    const bounce = received(model, 2).find((message) => injectionKind(message) === 'goal-check');
    expect(bounce?.text).toBe(en.harness.goalCheck(TASK));
    expect(messages.at(-1)?.text).toBe('Yes, within 30 days, with the receipt.');
  });

  it('shows a plan from an earlier invocation as a leftover, and does not hold the new answer to it', async () => {
    const engine = new PlanEngine();
    const model = scriptedModel([
      write(['Find the return policy', 'in_progress'], ['Draft the answer', 'pending']),
      { final: 'Still checking.' },
      { final: 'Still checking, will report back.' },
      { final: 'Our shop opens at nine.' },
    ]);
    const agent = createAgent({
      model,
      tools: [lookupTool],
      middleware: [planMiddleware({ engine, goalCheck: false })],
    });
    const config = { configurable: { thread_id: THREAD } };
    await agent.invoke({ messages: [new HumanMessage(TASK)] }, config);
    expect(model.callCount).toBe(3);

    const second = await agent.invoke(
      { messages: [new HumanMessage('When do you open?')] },
      config,
    );
    expect(model.callCount).toBe(4);
    const section = received(model, 3).at(-1);
    expect(injectionKind(section!)).toBe('plan');
    expect(section?.text.startsWith(en.harness.leftoverHeading)).toBe(true);
    expect(second.messages.at(-1)?.text).toBe('Our shop opens at nine.');
  });

  it('keys plans by the host’s context, so concurrent users of one middleware get separate plans', async () => {
    const engine = new PlanEngine();
    const middleware = planMiddleware({
      engine,
      contextSchema: z.object({ userId: z.string() }),
      key: ({ context }) => ({ agent: 'support', session: context?.userId ?? '' }),
      finishCheck: false,
      goalCheck: false,
    });
    const users = ['ann', 'bob'];
    const models = await Promise.all(
      users.map(async (userId) => {
        const model = scriptedModel([
          write([`Help ${userId}`, 'in_progress']),
          lookup(userId),
          { final: 'Done.' },
        ]);
        const agent = createAgent({ model, tools: [lookupTool], middleware: [middleware] });
        await agent.invoke({ messages: [new HumanMessage(TASK)] }, { context: { userId } });
        return model;
      }),
    );
    for (const [index, userId] of users.entries()) {
      const items = (await engine.snapshot({ agent: 'support', session: userId })).items;
      expect(items.map((item) => item.content)).toEqual([`Help ${userId}`]);
      // Each model sees its own plan, in the short form after its own write.
      expect(received(models[index]!, 1).at(-1)?.text).toBe(en.harness.storedIds(items[0]?.id, []));
    }
  });

  it('refuses to run without a plan key rather than guessing one', async () => {
    const agent = createAgent({
      model: scriptedModel([{ final: 'Hi.' }]),
      tools: [lookupTool],
      middleware: [planMiddleware()],
    });
    await expect(agent.invoke({ messages: [new HumanMessage('Hi')] })).rejects.toThrow(
      /configurable\.thread_id/,
    );
  });

  it('shows a retried model call the same plan section as the failed attempt', async () => {
    const engine = new PlanEngine();
    const model = scriptedModel([addTwo]);
    model.respond(new Error('overloaded')).respond(new AIMessage('Done.'));
    const agent = createAgent({
      model,
      tools: [lookupTool],
      middleware: [
        modelRetryMiddleware({ maxRetries: 1, initialDelayMs: 0, jitter: false }),
        planMiddleware({ engine, tools: 'granular', finishCheck: false, goalCheck: false }),
      ],
    });
    await agent.invoke(
      { messages: [new HumanMessage(TASK)] },
      { configurable: { thread_id: THREAD } },
    );

    expect(model.callCount).toBe(3);
    const full = renderPlan((await engine.snapshot(KEY)).items, { locale: en });
    expect(received(model, 1).at(-1)?.text).toBe(full);
    expect(received(model, 2).at(-1)?.text).toBe(full);
  });

  it('with history placement, appends the section to the conversation when the plan changed', async () => {
    const { engine, model, result } = run([addTwo, lookup('returns'), { final: 'Done.' }], {
      tools: 'granular',
      injection: { placement: 'history' },
      finishCheck: false,
      goalCheck: false,
    });
    const { messages } = await result;
    const full = renderPlan((await engine.snapshot(KEY)).items, { locale: en });

    const kept = messages.filter((message) => injectionKind(message) === 'plan');
    expect(kept.map((message) => message.text)).toEqual([full]);
    expect(ToolMessage.isInstance(messages[messages.indexOf(kept[0]!) - 1])).toBe(true);
    // Shown once, where it was added; nothing new after an unchanged round.
    expect(kinds(received(model, 2)).filter((kind) => kind === 'plan')).toHaveLength(1);
  });
});
