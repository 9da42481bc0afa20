/**
 * The evidence rule under LangChain's own agent loop: the middleware's wrapToolCall runs
 * every tool call through the harness, so the host's tools' successes are evidence.
 */
import { createAgent, HumanMessage, ToolMessage } from 'langchain';
import { PlanEngine } from 'plankeeper';
import { planMiddleware } from 'plankeeper/langchain';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, scriptedModel, write } from '../../support/models/langchain.js';

const KEY = { agent: 'langchain', session: 'evidence' };

describe('plankeeper/langchain: evidence', () => {
  it('refuses a completion with no tool success since the start, accepts it after lookup', async () => {
    const engine = new PlanEngine();
    const agent = createAgent({
      model: scriptedModel([
        write(['Find the policy', 'in_progress']),
        write(['Find the policy', 'completed']),
        lookup('policy'),
        write(['Find the policy', 'completed']),
        { final: 'Done.' },
      ]),
      tools: [lookupTool],
      middleware: [
        planMiddleware({ engine, evidence: 'enforce', goalCheck: false, finishCheck: false }),
      ],
    });
    const result = await agent.invoke(
      { messages: [new HumanMessage('task')] },
      { configurable: { thread_id: 'evidence' } },
    );
    const tools = result.messages.filter((message) => ToolMessage.isInstance(message));
    expect(tools[1]!.text).toContain('no tool call has succeeded since it became in_progress');
    expect(tools[3]!.text).toMatch(/^Todo list updated \(1\/1 completed\)/);
    expect((await engine.history(KEY)).at(-1)!.source.summary).toContain('evidence #1: lookup');
  });
});
