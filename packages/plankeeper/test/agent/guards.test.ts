import type { AgentEvent, ChatMessage } from 'plankeeper';
import { Agent, type AgentOptions } from 'plankeeper';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../support/lookup-tool.js';

function agentWith(steps: ScriptStep[], options: Partial<AgentOptions> = {}) {
  const model = new ScriptedModel(steps);
  const events: AgentEvent[] = [];
  const agent = new Agent({
    model,
    tools: [lookupTool],
    planning: true,
    observer: (event) => events.push(event),
    ...options,
  });
  return { agent, model, events };
}

const injectedKinds = (messages: readonly ChatMessage[]) =>
  messages.flatMap((message) =>
    message.role === 'user' && message.injected ? [message.injected] : [],
  );
const reminders = (messages: readonly ChatMessage[]) =>
  messages.filter((message) => message.role === 'user' && message.injected === 'reminder');

describe('nudge', () => {
  const plan = write(['Search', 'in_progress'], ['Answer', 'pending']);

  it('reminds after the third tool round without a plan update, not after the second', async () => {
    const { agent, model } = agentWith([plan, lookup(), lookup(), lookup(), { final: 'done' }], {
      planning: { goalCheck: false, finishCheck: false },
    });
    await agent.run('task');
    const [, , , fourth, fifth] = model.requests.map((request) => request.messages);
    expect(reminders(fourth!)).toHaveLength(0);
    expect(reminders(fifth!)).toHaveLength(1);
    expect(fifth!.at(-2)).toMatchObject({
      role: 'user',
      injected: 'reminder',
      content: expect.stringContaining('3 tool rounds without a todo list update'),
    });
  });

  it('a failed plan write does not reset the count', async () => {
    const badWrite = { tool: 'todo_write', args: { todos: [{ content: 'x', status: 'done' }] } };
    const { agent, model } = agentWith([plan, lookup(), badWrite, lookup(), { final: 'done' }], {
      planning: { goalCheck: false, finishCheck: false },
    });
    await agent.run('task');
    expect(reminders(model.requests[4]!.messages)).toHaveLength(1);
  });

  it('a successful update resets the count', async () => {
    const { agent, model } = agentWith(
      [
        plan,
        lookup(),
        lookup(),
        write(['Search', 'completed'], ['Answer', 'in_progress']),
        lookup(),
        { final: 'done' },
      ],
      { planning: { goalCheck: false, finishCheck: false } },
    );
    await agent.run('task');
    expect(model.requests.every((request) => reminders(request.messages).length === 0)).toBe(true);
  });

  it('unknown tools and blocked calls count as rounds', async () => {
    const { agent, model } = agentWith(
      [plan, { tool: 'nope' }, lookup('secret'), lookup(), { final: 'done' }],
      {
        planning: { goalCheck: false, finishCheck: false },
        hooks: {
          before: [
            (call) =>
              JSON.stringify(call.arguments).includes('secret')
                ? { block: 'not allowed' }
                : undefined,
          ],
        },
      },
    );
    const result = await agent.run('task');
    const toolMessages = result.messages.filter((message) => message.role === 'tool');
    expect(toolMessages[1]).toMatchObject({
      ok: false,
      content: expect.stringContaining('Unknown tool "nope"'),
    });
    expect(toolMessages[2]).toMatchObject({ ok: false, content: 'Blocked: not allowed' });
    expect(reminders(model.requests[4]!.messages)).toHaveLength(1);
  });

  it('the reminder itself resets the count', async () => {
    const steps = [plan, ...Array.from({ length: 6 }, () => lookup()), { final: 'done' }];
    const { agent, model } = agentWith(steps, {
      planning: { goalCheck: false, finishCheck: false },
    });
    await agent.run('task');
    expect(reminders(model.requests[7]!.messages)).toHaveLength(2);
    expect(reminders(model.requests[6]!.messages)).toHaveLength(1);
  });

  it('onlyWhileOpen stays quiet when nothing is open', async () => {
    const { agent, model } = agentWith(
      [write(['Search', 'completed']), lookup(), lookup(), lookup(), { final: 'done' }],
      {
        planning: { goalCheck: false, nudge: { onlyWhileOpen: true } },
      },
    );
    await agent.run('task');
    expect(reminders(model.requests[4]!.messages)).toHaveLength(0);
  });

  it('onlyWhileOpen sees a plan written in this turn, with no plan section at all', async () => {
    const { agent, model } = agentWith([plan, lookup(), lookup(), lookup(), { final: 'done' }], {
      planning: {
        goalCheck: false,
        finishCheck: false,
        injection: false,
        nudge: { onlyWhileOpen: true },
      },
    });
    await agent.run('task');
    expect(reminders(model.requests[4]!.messages)).toHaveLength(1);
  });

  it('the threshold is configurable', async () => {
    const { agent, model } = agentWith([plan, lookup(), { final: 'done' }], {
      planning: { goalCheck: false, finishCheck: false, nudge: { after: 1 } },
    });
    await agent.run('task');
    expect(reminders(model.requests[2]!.messages)).toHaveLength(1);
  });
});

describe('finish check', () => {
  it('bounces an answer once while items written this turn are open, and only once', async () => {
    const { agent, model } = agentWith(
      [
        write(['Search', 'in_progress'], ['Answer', 'pending']),
        { final: 'All done!' },
        { final: 'All done, really.' },
      ],
      { planning: { goalCheck: false } },
    );
    const result = await agent.run('task');
    expect(result.error).toBeNull();
    expect(result.answer).toBe('All done, really.');
    expect(model.requests).toHaveLength(3);
    const bounce = model.requests[2]!.messages.find(
      (message) => message.role === 'user' && message.injected === 'finish-check',
    );
    expect(bounce?.content).toBe(
      'Your todo list still has open items: #1 Search; #2 Answer. Finish them, or mark them completed or cancelled to match what you actually did, then give your final answer.',
    );
  });

  it('does not bounce when every item is completed or cancelled', async () => {
    const { agent, model } = agentWith(
      [write(['Search', 'completed'], ['Call', 'cancelled']), { final: 'ok' }],
      {
        planning: { goalCheck: false },
      },
    );
    expect((await agent.run('task')).answer).toBe('ok');
    expect(model.requests).toHaveLength(2);
  });

  it('no plan means no bounce for a simple question', async () => {
    const { agent, model } = agentWith([{ final: 'It is 3 pm.' }]);
    const result = await agent.run('What time is it?');
    expect(result.answer).toBe('It is 3 pm.');
    expect(model.requests).toHaveLength(1);
  });

  it('a leftover plan from an earlier turn does not bounce a simple question', async () => {
    const { agent, model } = agentWith([]);
    const session = agent.session('s');
    model.load([
      write(['Old step', 'in_progress']),
      { final: 'started' },
      { final: 'started, more later' },
    ]);
    await session.send('Do the big task');
    model.load([{ final: 'It is 3 pm.' }]);
    const second = await session.send('What time is it?');
    expect(second.answer).toBe('It is 3 pm.');
    expect(second.steps).toBe(1);
  });

  it('when the script runs out after a bounce, the run ends with an error and keeps messages and plan', async () => {
    const { agent } = agentWith([write(['Search', 'in_progress']), { final: 'done' }], {
      planning: { goalCheck: false },
    });
    const result = await agent.run('task');
    expect(result.answer).toBeNull();
    expect(result.error).toMatch(
      /^The script ran out: the harness called the model again \(call 3\)/,
    );
    expect(injectedKinds(result.messages)).toContain('finish-check');
    expect(result.plan).toHaveLength(1);
  });
});

describe('goal check', () => {
  it('asks ahead of the answer, in the result of the write that closes the plan: no extra call', async () => {
    const { agent, model } = agentWith([
      lookup(),
      write(['Search', 'completed']),
      { final: 'Here is the answer.' },
      { final: 'never asked for' },
    ]);
    const result = await agent.run('Find the return policy for opened headphones');
    expect(result.answer).toBe('Here is the answer.');
    expect(model.requests).toHaveLength(3);
    const last = model.requests[2]!.messages;
    expect(injectedKinds(last)).not.toContain('goal-check');
    const writeResult = last.findLast((message) => message.role === 'tool')!;
    expect(writeResult.content).toMatch(/^Todo list updated \(1\/1 completed\)\./);
    expect(writeResult.content).toContain(
      'All items are completed or cancelled. Before you answer, check the original request point by point:\nFind the return policy for opened headphones',
    );
    // Only the write that closed the plan carries it.
    expect(last.find((message) => message.role === 'tool')!.content).not.toContain('Before you');
  });

  it('bounces the answer once when no write closed the plan', async () => {
    const { agent, model } = agentWith(
      [
        write(['Search', 'in_progress'], ['Answer', 'pending']),
        { final: 'Here is the answer.' },
        { final: 'Checked: here is the answer.' },
        { final: 'never asked for' },
      ],
      { planning: { finishCheck: false } },
    );
    const result = await agent.run('Find the return policy for opened headphones');
    expect(result.answer).toBe('Checked: here is the answer.');
    const check = model.requests[2]!.messages.find(
      (message) => message.role === 'user' && message.injected === 'goal-check',
    );
    expect(injectedKinds(model.requests[2]!.messages)).toEqual(['goal-check', 'plan']);
    expect(check?.content).toContain('Find the return policy for opened headphones');
  });

  it('is not asked again after the answer once the closing write carried it', async () => {
    const { agent, model } = agentWith([
      write(['Search', 'in_progress']),
      write(['Search', 'completed']),
      write(['Search', 'completed'], ['Answer', 'completed']),
      { final: 'A' },
    ]);
    expect((await agent.run('task')).answer).toBe('A');
    const results = model.requests[3]!.messages.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.content.includes('Before you answer'))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('with goalCheck off, no write result carries it', async () => {
    const { agent, model } = agentWith([write(['Search', 'completed']), { final: 'A' }], {
      planning: { goalCheck: false },
    });
    await agent.run('task');
    const result = model.requests[1]!.messages.findLast((message) => message.role === 'tool');
    expect(result!.content).toBe('Todo list updated (1/1 completed).');
  });

  it('accepts an honest partial answer without asking', async () => {
    const { agent, model } = agentWith([
      write(['Search', 'completed'], ['Call the shop', 'cancelled']),
      { final: 'Partly done: I could not reach the shop because no phone tool exists.' },
    ]);
    const result = await agent.run('Find the policy and call the shop');
    expect(result.answer).toMatch(/^Partly done/);
    expect(model.requests).toHaveLength(2);
  });

  it('accepts whatever comes after the check, so the run ends', async () => {
    const { agent } = agentWith([
      write(['Search', 'in_progress']),
      { final: 'A' },
      { final: 'A' },
      { final: 'B' },
      { final: 'C' },
    ]);
    const result = await agent.run('task');
    expect(result.answer).toBe('B');
  });

  it('recognises honest partial answers in Chinese', async () => {
    const { agent, model } = agentWith(
      [write(['查询条款', 'completed']), { final: '部分完成：无法联系门店，因为没有电话工具。' }],
      { locale: 'zh' },
    );
    expect((await agent.run('查询并联系门店')).answer).toMatch(/^部分完成/);
    expect(model.requests).toHaveLength(2);
  });

  it('does not fire when no plan was used', async () => {
    const { agent, model } = agentWith([lookup(), { final: 'answer' }]);
    expect((await agent.run('task')).answer).toBe('answer');
    expect(model.requests).toHaveLength(2);
  });
});

describe('step budget', () => {
  it('ends with a clear error and the plan as it stands; reminders and bounces add no steps', async () => {
    const steps = [
      write(['Search', 'in_progress'], ['Answer', 'pending']),
      ...Array.from({ length: 20 }, () => lookup()),
    ];
    const { agent, model } = agentWith(steps, { maxSteps: 5 });
    const result = await agent.run('task');
    expect(result.answer).toBeNull();
    expect(result.error).toBe(
      'Step budget exhausted: 5 model calls without a final answer (2 plan items still open).',
    );
    expect(result.steps).toBe(5);
    expect(model.requests).toHaveLength(5);
    expect(result.plan.map((item) => item.content)).toEqual(['Search', 'Answer']);
  });
});
