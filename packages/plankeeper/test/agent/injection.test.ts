import type { ChatMessage } from 'plankeeper';
import { Agent, type AgentOptions } from 'plankeeper';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../support/lookup-tool.js';

function setup(options: Partial<AgentOptions> = {}) {
  const model = new ScriptedModel();
  const agent = new Agent({
    model,
    tools: [lookupTool],
    planning: { goalCheck: false },
    ...options,
  });
  return { model, agent };
}

const isPlanTail = (message: ChatMessage | undefined) =>
  message?.role === 'user' && message.injected === 'plan';

/** The input minus a transient plan tail: what must reappear unchanged in the next call. */
function stablePart(messages: readonly ChatMessage[]) {
  return isPlanTail(messages.at(-1)) ? messages.slice(0, -1) : [...messages];
}

const longTask: ScriptStep[] = [
  write(['Search', 'in_progress'], ['Draft', 'pending'], ['Send', 'pending']),
  lookup('a'),
  lookup('b'),
  lookup('c'),
  write(['Search', 'completed'], ['Draft', 'in_progress'], ['Send', 'pending']),
  { tool: 'todo_write', args: '{"todos": [}' },
  { final: 'early answer' },
  write(['Search', 'completed'], ['Draft', 'completed'], ['Send', 'completed']),
  { final: 'sent' },
];

describe('plan injection', () => {
  it('never rewrites an earlier message: each call extends the previous one', async () => {
    const { model, agent } = setup();
    const session = agent.session('cache');
    model.load(longTask);
    await session.send('Answer the customer');
    model.load([lookup('d'), { final: 'It is 3 pm.' }]);
    await session.send('What time is it?');
    const inputs = model.requests.map((request) => request.messages);
    expect(inputs.length).toBe(11);
    for (let index = 1; index < inputs.length; index++) {
      const previous = stablePart(inputs[index - 1]!);
      expect(inputs[index]!.slice(0, previous.length)).toEqual(previous);
    }
    // The plan section is only ever the very last message.
    for (const input of inputs) {
      expect(input.slice(0, -1).some(isPlanTail)).toBe(false);
    }
  });

  it('shows nothing before a plan exists, the full list when it changed, a focus line when not', async () => {
    const { model, agent } = setup({ planning: { goalCheck: false, tools: 'granular' } });
    const add = {
      tool: 'todos_add',
      args: { todos: [{ content: 'Search' }, { content: 'Draft' }] },
    };
    model.load([lookup(), add, lookup(), { final: 'x' }, { final: 'y' }]);
    await agent.run('task');
    const tails = model.requests.map((request) => request.messages.at(-1));
    expect(isPlanTail(tails[0])).toBe(false);
    expect(isPlanTail(tails[1])).toBe(false);
    expect(tails[2]?.content).toBe(
      '### Current todo list (0/2 completed)\n- [ ] #1 Search\n- [ ] #2 Draft',
    );
    expect(tails[3]?.content).toBe(
      '### Current todo list (0/2 completed, unchanged)\nOpen: #1, #2',
    );
  });

  it("after the model's own todo_write, only the stored ids: it has just written the rest", async () => {
    const { model, agent } = setup();
    model.load([
      write(['Search', 'in_progress'], ['Draft', 'pending']),
      lookup(),
      { final: 'x' },
      { final: 'y' },
    ]);
    await agent.run('task');
    const tails = model.requests.map((request) => request.messages.at(-1));
    expect(tails[1]?.content).toBe('Stored as: now #1; open #2.');
    // One round later its write is no longer the last thing it sent: the focus form.
    expect(tails[2]?.content).toBe(
      '### Current todo list (0/2 completed, unchanged)\nNow: #1 Search\nOpen: #2',
    );
  });

  it('whenJustWritten: focus shows the focus form after the own write; a closed plan shows nothing', async () => {
    const { model, agent } = setup({ planning: { injection: { whenJustWritten: 'focus' } } });
    model.load([write(['Search', 'in_progress']), write(['Search', 'completed']), { final: 'x' }]);
    await agent.run('task');
    expect(model.requests[1]!.messages.at(-1)?.content).toBe(
      '### Current todo list (0/1 completed, unchanged)\nNow: #1 Search',
    );
    const { model: idsModel, agent: idsAgent } = setup();
    idsModel.load([write(['Search', 'completed']), { final: 'x' }]);
    await idsAgent.run('task');
    expect(idsModel.requests[1]!.messages.at(-1)?.role).toBe('tool');
  });

  it('two todo_writes in one reply: only one survives, so the stored list is shown in full', async () => {
    const { model, agent } = setup();
    model.load([
      { tools: [write(['Search', 'in_progress']), write(['Other', 'in_progress'])] },
      { final: 'x' },
      { final: 'y' },
    ]);
    await agent.run('task');
    expect(model.requests[1]!.messages.at(-1)?.content).toBe(
      '### Current todo list (0/1 completed)\n- [>] #2 Other',
    );
  });

  it('whenUnchanged: full repeats the whole list; omit shows only changes', async () => {
    for (const [whenUnchanged, expected] of [
      ['full', '### Current todo list (0/1 completed)\n- [>] #1 Search'],
      ['omit', undefined],
    ] as const) {
      const { model, agent } = setup({
        planning: { goalCheck: false, finishCheck: false, injection: { whenUnchanged } },
      });
      model.load([write(['Search', 'in_progress']), lookup(), lookup(), { final: 'x' }]);
      await agent.run('task');
      const third = model.requests[2]!.messages.at(-1);
      expect(isPlanTail(third) ? third?.content : undefined).toBe(expected);
    }
  });

  it('injection: false suppresses the section; a custom builder replaces it', async () => {
    const off = setup({ planning: { injection: false, goalCheck: false, finishCheck: false } });
    off.model.load([write(['Search', 'in_progress']), lookup(), { final: 'x' }]);
    await off.agent.run('task');
    expect(off.model.requests.some((request) => request.messages.some(isPlanTail))).toBe(false);
    // Without injection the tool result carries the list instead.
    expect(off.model.requests[1]!.messages.at(-1)?.content).toContain('- [>] #1 Search');

    const custom = setup({
      planning: {
        goalCheck: false,
        finishCheck: false,
        tools: 'granular',
        injection: {
          builder: ({ items, changed }) => `PLAN ${items.length} ${changed ? 'new' : 'same'}`,
        },
      },
    });
    custom.model.load([
      { tool: 'todos_add', args: { todos: [{ content: 'Search' }] } },
      lookup(),
      { final: 'x' },
    ]);
    await custom.agent.run('task');
    expect(
      custom.model.requests.map((request) => request.messages.at(-1)?.content).slice(1),
    ).toEqual(['PLAN 1 new', 'PLAN 1 same']);
  });

  it('history placement appends the section when the plan changes and keeps it', async () => {
    const { model, agent } = setup({
      planning: {
        goalCheck: false,
        finishCheck: false,
        tools: 'granular',
        injection: { placement: 'history' },
      },
    });
    model.load([
      { tool: 'todos_add', args: { todos: [{ content: 'Search' }] } },
      lookup(),
      { tool: 'todos_complete', args: { items: [{ id: 1, reason: 'found' }] } },
      { final: 'x' },
    ]);
    await agent.run('task');
    const last = model.requests.at(-1)!.messages;
    const sections = last.filter(
      (message) => message.role === 'user' && message.injected === 'plan',
    );
    expect(sections.map((message) => message.content)).toEqual([
      '### Current todo list (0/1 completed)\n- [ ] #1 Search',
      '### Current todo list (1/1 completed)\n- [x] #1 Search',
    ]);
    expect(isPlanTail(last.at(-1))).toBe(true);
  });

  it('marks a plan from an earlier user turn as a leftover, and drops the mark once rewritten', async () => {
    const { model, agent } = setup();
    const session = agent.session('leftover');
    model.load([
      write(['Book the flight', 'in_progress'], ['Book the hotel', 'pending']),
      { final: 'on it' },
      { final: 'on it.' },
    ]);
    await session.send('Plan my trip');
    model.load([write(['Compare prices', 'in_progress']), { final: 'x' }, { final: 'y' }]);
    await session.send('Compare laptop prices');
    const firstCallOfSecondTurn = model.requests[3]!.messages;
    expect(firstCallOfSecondTurn.at(-1)).toEqual({
      role: 'user',
      injected: 'plan',
      content: [
        '### Leftover todo list from an earlier request',
        '- [>] #1 Book the flight',
        '- [ ] #2 Book the hotel',
        'This list is not part of the current request. Keep items only if they still apply; cancel or remove the rest, or clear the list.',
      ].join('\n'),
    });
    // Rewritten by the model itself: no leftover mark, only the id it was given.
    expect(model.requests[4]!.messages.at(-1)?.content).toBe('Stored as: now #3.');
  });

  it('the leftover section is in Chinese for a Chinese agent', async () => {
    const { model, agent } = setup({ locale: 'zh' });
    const session = agent.session('zh');
    model.load([write(['订机票', 'in_progress']), { final: '好' }, { final: '好的' }]);
    await session.send('规划行程');
    model.load([{ final: '下午三点' }]);
    await session.send('现在几点？');
    expect(model.requests.at(-1)!.messages.at(-1)?.content).toBe(
      '### 之前请求遗留的待办清单\n- [>] #1 订机票\n这份清单不属于当前请求。仍适用的事项才保留；其余取消或删除，或清空清单。',
    );
  });
});

describe('plan section after the host clears the plan', () => {
  it('shows a plan written again after a clear in full, even at the same version number', async () => {
    const model = new ScriptedModel();
    const agent = new Agent({
      model,
      planning: { goalCheck: false, finishCheck: false, tools: 'granular' },
    });
    const session = agent.session('cleared');
    const add = (content: string) => ({ tool: 'todos_add', args: { todos: [{ content }] } });
    model.load([add('First'), { final: 'a' }]);
    await session.send('one');
    await agent.engine!.clear(session.key);
    model.load([add('Second'), { final: 'b' }]);
    await session.send('two');
    // The new plan is version 1 again; the model must still see it in full.
    expect(model.requests.at(-1)!.messages.at(-1)?.content).toBe(
      '### Current todo list (0/1 completed)\n- [ ] #1 Second',
    );
  });
});

describe('discipline presets', () => {
  const script = () => [
    write(['Search', 'in_progress'], ['Draft', 'pending']),
    lookup(),
    lookup(),
    { final: 'x' },
    { final: 'y' },
    { final: 'z' },
  ];
  // Calls: write, two lookups, an answer bounced by the finish check, one bounced by the
  // goal check (the plan was never closed), the last answer.
  const tails = async (discipline: 'light' | 'standard' | 'strict') => {
    const { model, agent } = setup({ planning: { discipline } });
    model.load(script());
    await agent.run('task');
    return model.requests.map((request) => {
      const last = request.messages.at(-1);
      return isPlanTail(last) ? last?.content : undefined;
    });
  };
  const full = '### Current todo list (0/2 completed)\n- [>] #1 Search\n- [ ] #2 Draft';
  const focus = '### Current todo list (0/2 completed, unchanged)\nNow: #1 Search\nOpen: #2';

  it('light shows only the ids after the own write, then nothing while the plan is unchanged', async () => {
    expect(await tails('light')).toEqual([
      undefined,
      'Stored as: now #1; open #2.',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('standard: the ids after the own write, then the focus form', async () => {
    expect(await tails('standard')).toEqual([
      undefined,
      'Stored as: now #1; open #2.',
      focus,
      focus,
      focus,
      focus,
    ]);
  });

  it('strict: the whole list on every call', async () => {
    expect(await tails('strict')).toEqual([undefined, full, full, full, full, full]);
  });

  it("the host's own option wins over the preset", async () => {
    const { model, agent } = setup({
      planning: { discipline: 'strict', injection: { whenUnchanged: 'focus' } },
    });
    model.load(script());
    await agent.run('task');
    expect(model.requests[1]!.messages.at(-1)?.content).toBe(full);
    expect(model.requests[2]!.messages.at(-1)?.content).toBe(focus);
  });
});
