/**
 * `writeTodosAlias`: a model used to todoListMiddleware calls `write_todos`; with the
 * option the call runs as `todo_write`, driven by LangChain's own createAgent loop.
 */
import { createAgent, HumanMessage, ToolMessage } from 'langchain';
import { getLocale, PlanEngine } from 'plankeeper';
import { injectionKind, planMiddleware } from 'plankeeper/langchain';
import { describe, expect, it } from 'vitest';
import {
  lookup,
  lookupTool,
  received,
  type Step,
  scriptedModel,
} from '../../support/models/langchain.js';

const KEY = { agent: 'langchain', session: 'thread-1' };
const en = getLocale('en');

/** LangChain's own shape: `{todos: [{content, status}]}`, statuses without `cancelled`. */
const writeTodos = (...todos: [content: string, status: string][]): Step => ({
  tool: 'write_todos',
  args: { todos: todos.map(([content, status]) => ({ content, status })) },
});

function run(steps: readonly Step[], options: Parameters<typeof planMiddleware>[0] = {}) {
  const engine = new PlanEngine();
  const model = scriptedModel(steps);
  const agent = createAgent({
    model,
    tools: [lookupTool],
    middleware: [planMiddleware({ finishCheck: false, goalCheck: false, ...options, engine })],
  });
  const result = agent.invoke(
    { messages: [new HumanMessage('Check the kettle policy.')] },
    { configurable: { thread_id: KEY.session } },
  );
  return { engine, model, result };
}

const toolMessages = (messages: readonly unknown[]) =>
  messages.filter((message) => ToolMessage.isInstance(message)) as ToolMessage[];

describe('planMiddleware({ writeTodosAlias: true })', () => {
  it('runs write_todos as todo_write, under the name the model called', async () => {
    const { engine, result } = run(
      [writeTodos(['Find the policy', 'in_progress'], ['Answer', 'pending']), { final: 'Done.' }],
      { writeTodosAlias: true },
    );
    const [answer] = toolMessages((await result).messages);
    expect(answer).toMatchObject({
      name: 'write_todos',
      tool_call_id: 'call-1',
      status: 'success',
    });
    expect((await engine.snapshot(KEY)).items).toMatchObject([
      { id: '1', content: 'Find the policy', status: 'in_progress' },
      { id: '2', content: 'Answer', status: 'pending' },
    ]);
  });

  it('answers a bad write_todos with the todo_write correction, leaving the plan as it was', async () => {
    const { engine, result } = run(
      [writeTodos(['One', 'in_progress'], ['Two', 'in_progress']), { final: 'Done.' }],
      { writeTodosAlias: true },
    );
    const [answer] = toolMessages((await result).messages);
    expect(answer?.status).toBe('error');
    expect(answer?.text).toMatch(/^Rejected; the todo list is unchanged\./);
    expect((await engine.snapshot(KEY)).items).toEqual([]);
  });

  it('counts write_todos as a plan update, so it resets the reminder count', async () => {
    const { model, result } = run(
      [
        lookup('kettles'),
        lookup('used items'),
        writeTodos(['Find the policy', 'in_progress']),
        lookup('returns'),
        { final: 'Done.' },
      ],
      { writeTodosAlias: true },
    );
    await result;
    const kinds = received(model, 4).map((message) => injectionKind(message));
    expect(kinds).not.toContain('reminder');
    expect(received(model, 4).map((message) => message.text)).not.toContain(en.harness.reminder(3));
  });

  it('offers the model todo_write only', () => {
    const middleware = planMiddleware({ writeTodosAlias: true });
    expect(middleware.tools?.map((tool) => tool.name)).toEqual(['todo_write', 'todo_read']);
  });

  it('without the option, write_todos stays an unknown tool', async () => {
    const { engine, result } = run([writeTodos(['One', 'in_progress']), { final: 'Done.' }]);
    const [answer] = toolMessages((await result).messages);
    expect(answer?.text).toMatch(/^Error: write_todos is not a valid tool/);
    expect((await engine.snapshot(KEY)).items).toEqual([]);
  });

  it('refuses a preset without todo_write', () => {
    expect(() => planMiddleware({ writeTodosAlias: true, tools: 'granular' })).toThrow(
      /writeTodosAlias runs write_todos as todo_write/,
    );
  });
});
