/** The evidence rule through the own agent loop: when it fires, when it does not, what it keeps. */

import type { PlanningOptions, ToolDefinition } from 'plankeeper';
import { Agent, PlanEngine } from 'plankeeper';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../support/lookup-tool.js';

const failing: ToolDefinition = {
  name: 'deploy',
  description: 'Deploy.',
  inputSchema: { type: 'object' },
  async execute() {
    return { ok: false, text: 'deploy failed', data: {}, title: 'deploy' };
  },
};

async function run(steps: ScriptStep[], planning: PlanningOptions) {
  const engine = planning.engine ?? new PlanEngine();
  const model = new ScriptedModel(steps);
  const agent = new Agent({
    model,
    tools: [lookupTool, failing],
    planning: { goalCheck: false, finishCheck: false, ...planning, engine },
  });
  const session = agent.session('evidence');
  await session.send('task');
  const key = session.key;
  const results = model.requests
    .slice(1)
    .map((request) => request.messages.filter((message) => message.role === 'tool').at(-1))
    .map((message) => message?.content ?? '');
  const stored = async () => JSON.stringify(await engine.store.get(key));
  return { engine, key, results, stored, history: () => engine.history(key) };
}

const started = write(['Search', 'in_progress'], ['Answer', 'pending']);
const firstDone = write(['Search', 'completed'], ['Answer', 'in_progress']);

describe('evidence: enforce', () => {
  it('rejects a completion with no successful tool call since the item started, naming it; the plan stays as it was', async () => {
    const engine = new PlanEngine();
    const { results, stored, history } = await run([started, firstDone, { final: 'x' }], {
      engine,
      evidence: 'enforce',
    });
    expect(results[1]).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #1 Search cannot be completed: no tool call has succeeded since it became in_progress. Do the work with your tools first, then mark it completed.',
    );
    expect(await history()).toHaveLength(1);
    expect(await stored()).toContain('"status":"in_progress"');
  });

  it('accepts it after a successful call, and keeps the call on the revision', async () => {
    const { results, history } = await run([started, lookup('policy'), firstDone, { final: 'x' }], {
      evidence: 'enforce',
    });
    expect(results[2]).toBe('Todo list updated (1/2 completed).');
    const last = (await history()).at(-1)!;
    expect(last.source.evidence).toEqual([
      {
        id: '1',
        count: 1,
        calls: [{ tool: 'lookup', callId: expect.any(String), at: expect.any(Number) }],
      },
    ]);
    expect(last.source.summary).toBe('wrote 2 items · evidence #1: lookup');
  });

  it('a failed call is no evidence', async () => {
    const deploy = { tool: 'deploy', args: {} };
    const { results } = await run([started, deploy, firstDone, { final: 'x' }], {
      evidence: 'enforce',
    });
    expect(results[2]).toContain('#1 Search cannot be completed');
  });

  it('a call before the item started is no evidence for it', async () => {
    const next = write(['Search', 'completed'], ['Answer', 'completed']);
    const { results } = await run([started, lookup(), firstDone, next, { final: 'x' }], {
      evidence: 'enforce',
    });
    expect(results[2]).toBe('Todo list updated (1/2 completed).');
    expect(results[3]).toContain('#2 Answer cannot be completed');
  });

  it('catches a batch completion of items never started (pending → completed in one write)', async () => {
    const all = write(['Search', 'completed'], ['Answer', 'completed']);
    const { results, history } = await run([started, lookup(), all, { final: 'x' }], {
      evidence: 'enforce',
    });
    expect(results[2]).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #2 Answer was never in_progress, so no work counts for it. Set it in_progress, do the work with your tools, then mark it completed.',
    );
    expect(await history()).toHaveLength(1);
  });

  it('the granular family: one stretch of work counts for one item', async () => {
    const add = {
      tool: 'todos_add',
      args: { todos: [{ content: 'Search' }, { content: 'Answer' }] },
    };
    const complete = (...ids: string[]) => ({
      tool: 'todos_complete',
      args: { items: ids.map((id) => ({ id, reason: 'looked it up' })) },
    });
    const { results } = await run(
      [
        add,
        lookup(),
        complete('1', '2'),
        complete('1'),
        complete('2'),
        lookup(),
        complete('2'),
        { final: 'x' },
      ],
      { evidence: 'enforce', tools: 'granular' },
    );
    expect(results[2]).toContain(
      '#2 Answer cannot be completed: no tool call has succeeded since your last todo update',
    );
    expect(results[3]).toBe('Completed #1.');
    expect(results[4]).toContain('#2 Answer cannot be completed');
    expect(results[6]).toBe('Completed #2.');
  });

  it('an engine option alone enforces it too, and a person is never subject to it', async () => {
    const engine = new PlanEngine({ evidence: 'enforce' });
    const { results, key } = await run([started, firstDone, { final: 'x' }], { engine });
    expect(results[1]).toContain('cannot be completed');
    const done = await engine.editAsPerson(key, { kind: 'done', id: '1' });
    expect(done.ok).toBe(true);
    expect((await engine.snapshot(key)).items[0]!.status).toBe('completed');
  });
});

describe('evidence: warn and off', () => {
  it('warn lets the completion through and says in the result and the history that it had none', async () => {
    const { results, history } = await run([started, firstDone, { final: 'x' }], {
      evidence: 'warn',
    });
    expect(results[1]).toBe(
      'Todo list updated (1/2 completed).\nNo evidence for #1 Search: no tool call succeeded in its window. Do the work with your tools before marking an item completed.',
    );
    const last = (await history()).at(-1)!;
    expect(last.source.evidence).toEqual([{ id: '1', count: 0, calls: [] }]);
    expect(last.source.summary).toBe('wrote 2 items · evidence #1: none');
  });

  it('warn says nothing extra when there was evidence', async () => {
    const { results } = await run([started, lookup(), firstDone, { final: 'x' }], {
      evidence: 'warn',
    });
    expect(results[2]).toBe('Todo list updated (1/2 completed).');
  });

  it('off (the default) changes nothing: no refusal, no evidence on the revision', async () => {
    const { results, history } = await run([started, firstDone, { final: 'x' }], {});
    expect(results[1]).toBe('Todo list updated (1/2 completed).');
    expect((await history()).at(-1)!.source).not.toHaveProperty('evidence');
  });
});
