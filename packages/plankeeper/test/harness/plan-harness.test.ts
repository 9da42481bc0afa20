/** The harness's protocol with hosts, driven directly: what each call does and does not do. */

import type { ToolResult } from 'plankeeper';
import { createPlanTools, PlanEngine, PlanHarness } from 'plankeeper';
import { describe, expect, it } from 'vitest';

const key = { agent: 'host', session: 'protocol' };
const full = '### Current todo list (0/1 completed)\n- [>] #1 Search';
const focus = '### Current todo list (0/1 completed, unchanged)\nNow: #1 Search';

async function setup() {
  const engine = new PlanEngine();
  const harness = new PlanHarness({ engine, key });
  const stored = async () =>
    JSON.stringify([await engine.store.get(key), await engine.store.history(key)]);
  return { engine, harness, stored };
}

describe('PlanHarness: beginning a turn and building sections', () => {
  it('beginTurn notes the new turn on the stored plan, so it is a leftover from then on', async () => {
    const { engine, harness } = await setup();
    await engine.write(key, [{ content: 'Old', status: 'pending' }], { turn: 'earlier' });
    const turn = await harness.beginTurn('New question');
    expect(turn.task).toBe('New question');
    expect((await engine.store.get(key))?.record.activeTurn).toBe(turn.id);
  });

  it('planSection writes nothing to the store', async () => {
    const { engine, harness, stored } = await setup();
    await engine.write(key, [{ content: 'Old', status: 'pending' }], { turn: 'earlier' });
    await harness.beginTurn('New question');
    const before = await stored();
    await harness.planSection();
    expect(await stored()).toBe(before);
  });

  it('planSection built twice for one model call is the same text; it counts as seen once the model answers', async () => {
    const { engine, harness } = await setup();
    const turn = await harness.beginTurn('task');
    await engine.write(key, [{ content: 'Search', status: 'in_progress' }], { turn: turn.id });
    expect((await harness.planSection())?.text).toBe(full);
    // A retry of the same call: the model has not seen anything yet.
    expect((await harness.planSection())?.text).toBe(full);
    // The model answered with a tool round: it has seen the list.
    await harness.endToolRound();
    expect((await harness.planSection())?.text).toBe(focus);
  });

  it('forgetSeenPlan shows the whole plan again', async () => {
    const { engine, harness } = await setup();
    const turn = await harness.beginTurn('task');
    await engine.write(key, [{ content: 'Search', status: 'in_progress' }], { turn: turn.id });
    await harness.planSection();
    await harness.endToolRound();
    harness.forgetSeenPlan();
    expect((await harness.planSection())?.text).toBe(full);
  });
});

describe('PlanHarness.wrapTool: the one path of every tool call', () => {
  it("runs a plan tool with the host's key, the turn and the call id, and reports the plan update", async () => {
    const { engine, harness } = await setup();
    const [todoWrite] = createPlanTools({ engine, tools: 'whole-list' });
    const turn = await harness.beginTurn('task');
    const updates: number[] = [];
    const result = await harness.wrapTool({
      name: 'todo_write',
      callId: 'call-1',
      run: (context) =>
        todoWrite!.execute({ todos: [{ content: 'Search', status: 'in_progress' }] }, context),
      outcome: (result) => ({ ok: result.ok, result }),
      onPlanUpdate: (result) => updates.push((result.data as { version: number }).version),
    });
    expect(result.ok).toBe(true);
    expect(updates).toEqual([1]);
    const [revision] = await engine.history(key);
    expect(revision?.source).toMatchObject({ tool: 'todo_write', callId: 'call-1' });
    expect((await engine.snapshot(key)).turn).toBe(turn.id);
    // The model wrote that list itself: only the id the engine gave it follows.
    expect((await harness.planSection())?.text).toBe('Stored as: now #1.');
  });

  it('withNote: the write that closes the plan carries the goal check; without it the answer is bounced', async () => {
    const closing = { todos: [{ content: 'Search', status: 'completed' }] };
    for (const withNote of [true, false]) {
      const { engine, harness } = await setup();
      const [todoWrite] = createPlanTools({ engine, tools: 'whole-list', echoPlan: false });
      await harness.beginTurn('Find the policy');
      const result = await harness.wrapTool({
        name: 'todo_write',
        run: (context) => todoWrite!.execute(closing, context),
        outcome: (result: ToolResult) => ({ ok: result.ok, result }),
        ...(withNote && {
          withNote: (result: ToolResult, note: string) => ({
            ...result,
            text: `${result.text}\n\n${note}`,
          }),
        }),
      });
      const bounce = await harness.checkFinish('Done.');
      if (withNote) {
        expect(result.text).toBe(
          'Todo list updated (1/1 completed).\n\nAll items are completed or cancelled. Before you answer, check the original request point by point:\nFind the policy\nDo what is missing first. If part of it cannot be done, say plainly what and why.',
        );
        expect(bounce).toBeUndefined();
      } else {
        expect(result.text).toBe('Todo list updated (1/1 completed).');
        expect(bounce?.kind).toBe('goal-check');
      }
    }
  });

  it('rethrows what a call throws and counts it, like a failed call, as no plan update', async () => {
    const { harness } = await setup();
    await harness.beginTurn('task');
    const updates: unknown[] = [];
    const failing = () =>
      harness.wrapTool({
        name: 'todo_write',
        run: () => Promise.reject(new Error('store down')),
        outcome: () => ({ ok: true }),
        onPlanUpdate: (value) => updates.push(value),
      });
    const rejected = () =>
      harness.wrapTool({
        name: 'todo_write',
        run: async () => 'rejected',
        outcome: () => ({ ok: false }),
        onPlanUpdate: (value) => updates.push(value),
      });
    await expect(failing()).rejects.toThrow('store down');
    expect(await harness.endToolRound()).toBeUndefined();
    await rejected();
    expect(await harness.endToolRound()).toBeUndefined();
    await expect(failing()).rejects.toThrow('store down');
    expect(await harness.endToolRound()).toBe(harness.locale.harness.reminder(3));
    expect(updates).toEqual([]);
    // Nor did any of them use the plan: the goal check has nothing to hold the answer to.
    expect(harness.turnRecord.planUsed).toBe(false);
  });
});
