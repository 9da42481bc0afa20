/**
 * `planMiddleware({ owner })` in a shared list, under LangChain's own agent loop: the owner
 * reaches the harness (it is the host's, never the model's), so another session's item in
 * progress is not this session's to finish, and what this session starts becomes its own.
 */
import { createAgent, HumanMessage, ToolMessage } from 'langchain';
import { PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { planMiddleware } from 'plankeeper/langchain';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../support/models/langchain.js';

const LIST = sharedListKey('release');

describe('plankeeper/langchain: owner in a shared list', () => {
  it("refuses to finish another session's item in progress, and owns the item it starts", async () => {
    const engine = new PlanEngine();
    await engine.write(LIST, [{ content: 'Tag the build', status: 'in_progress' }], {
      owner: 'ana',
    });
    const agent = createAgent({
      model: scriptedModel([
        {
          tool: 'todo_write',
          args: {
            todos: [
              { id: '1', content: 'Tag the build', status: 'completed' },
              { content: 'Write the notes', status: 'pending' },
            ],
          },
        },
        {
          tool: 'todo_write',
          args: {
            todos: [
              { id: '1', content: 'Tag the build', status: 'in_progress' },
              { content: 'Write the notes', status: 'in_progress' },
            ],
          },
        },
        { final: 'Notes under way.' },
      ]),
      tools: [],
      middleware: [
        planMiddleware({ engine, key: LIST, owner: 'bo', finishCheck: false, goalCheck: false }),
      ],
    });
    const result = await agent.invoke(
      { messages: [new HumanMessage('Write the release notes.')] },
      { configurable: { thread_id: 'bo' } },
    );
    const tools = result.messages.filter((message) => ToolMessage.isInstance(message));
    expect(tools[0]!.text).toContain('ana');
    const items = (await engine.snapshot(LIST)).items;
    expect(items.map(({ id, status, owner }) => ({ id, status, owner }))).toEqual([
      { id: '1', status: 'in_progress', owner: 'ana' },
      { id: '2', status: 'in_progress', owner: 'bo' },
    ]);
  });
});
