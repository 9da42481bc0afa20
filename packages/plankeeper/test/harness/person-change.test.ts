/**
 * A person's change (`plankeeper todos --cancel 2`, the dashboard) reaches the model of
 * plankeeper's own agent loop on its next call, as a change it did not write, naming
 * the person; and the finish check counts it (a cancelled item is no open item).
 */

import type { ChatMessage, LocaleId, ToolDefinition } from 'plankeeper';
import { Agent, PlanEngine } from 'plankeeper';
import type { PersonEdit } from 'plankeeper/stores';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { write } from '../support/lookup-tool.js';

/** A business tool during which a person changes the plan, as if from another process. */
function personActs(engine: PlanEngine, edits: [PersonEdit, string | undefined][]): ToolDefinition {
  return {
    name: 'lookup',
    description: 'Look something up.',
    inputSchema: { type: 'object', properties: {} },
    async execute(_args, context) {
      for (const [edit, name] of edits) {
        const outcome = await engine.editAsPerson(context.key!, edit, name ? { name } : {});
        if (!outcome.ok) throw new Error(JSON.stringify(outcome.problem));
      }
      return { ok: true, text: 'Found it.', data: null, title: 'lookup' };
    },
  };
}

const isPlanTail = (message: ChatMessage | undefined) =>
  message?.role === 'user' && message.injected === 'plan';

async function run(locale: LocaleId, edits: [PersonEdit, string | undefined][]) {
  const engine = new PlanEngine();
  const model = new ScriptedModel([
    write(['Find the bug', 'in_progress'], ['Fix it', 'pending'], ['Write docs', 'pending']),
    { tool: 'lookup', args: {} },
    {
      tool: 'todos_complete',
      args: {
        items: [
          { id: 1, reason: 'found' },
          { id: 2, reason: 'fixed' },
        ],
      },
    },
    { final: 'Fixed the bug.' },
  ]);
  const agent = new Agent({
    model,
    tools: [personActs(engine, edits)],
    locale,
    planning: { engine, goalCheck: false, tools: 'both' },
  });
  const result = await agent.run('Fix the bug and document it');
  const tails = model.requests.map((request) => request.messages.at(-1));
  return { result, model, tails };
}

describe("a person's change, seen by the own agent loop", () => {
  it.each(['en', 'zh'] as const)(
    '%s: the next call shows who changed what, before the list; once',
    async (locale) => {
      const { tails, model, result } = await run(locale, [
        [{ kind: 'cancel', id: '3', reason: 'docs are done elsewhere' }, 'Ana'],
        [{ kind: 'add', content: 'Tell the customer', after: '2' }, 'Ana'],
        [{ kind: 'edit', id: '2', content: 'Fix it with a test' }, undefined],
      ]);
      // Call 3 follows the lookup during which the person changed the plan.
      expect(isPlanTail(tails[2])).toBe(true);
      expect(tails[2]?.content).toMatchSnapshot();
      // The next call's section comes after the model's own write: no person since then.
      expect(String(tails[3]?.content)).not.toMatch(/person|人员/);
      // #3 was cancelled by the person, #4 is open: the finish check bounces for #4 only.
      expect(model.requests).toHaveLength(5);
      expect(result.error).toMatch(/script ran out/);
      expect(String(model.requests[4]?.messages.at(-2)?.content)).toMatch(/#4/);
      expect(String(model.requests[4]?.messages.at(-2)?.content)).not.toMatch(/#3/);
    },
  );

  it('a cancelled item no longer bounces a finish', async () => {
    const { model, result } = await run('en', [[{ kind: 'cancel', id: '3' }, 'Ana']]);
    expect(result.error).toBeNull();
    expect(result.answer).toBe('Fixed the bug.');
    expect(model.requests).toHaveLength(4);
    expect(model.requests[2]?.messages.at(-1)?.content).toBe(
      'Changed by a person (Ana): cancelled #3\n### Current todo list (0/3 completed, 1 cancelled)\n- [>] #1 Find the bug\n- [ ] #2 Fix it\n- [-] #3 Write docs',
    );
  });
});
