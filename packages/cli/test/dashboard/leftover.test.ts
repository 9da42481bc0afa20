/**
 * A plan carried into a new user turn with open items is a leftover; the harness notes
 * the new turn on the stored plan, so the dashboard can mark it without knowing turns.
 */

import { Agent, isLeftoverRecord, MemoryPlanStore, PlanEngine } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createDashboardServer } from '../../src/dashboard/index.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('leftover plans', () => {
  it('are noted by the harness at the next turn and marked by the dashboard', async () => {
    const store = new MemoryPlanStore();
    const engine = new PlanEngine({ store });
    const model = new ScriptedModel();
    const agent = new Agent({ name: 'travel', model, planning: { engine, goalCheck: false } });
    const session = agent.session('trip');
    model.load([
      {
        tool: 'todo_write',
        args: { todos: [{ content: 'Book the flight', status: 'in_progress' }] },
      },
      { final: 'Started.' },
      { final: 'Started; more tomorrow.' },
    ]);
    await session.send('Plan my trip');
    const afterFirst = await store.get(session.key);
    expect(isLeftoverRecord(afterFirst!.record)).toBe(false);

    const dashboard = await createDashboardServer({ store, port: 0 });
    closers.push(() => dashboard.close());
    const listing = async () =>
      (
        (await (await fetch(`${dashboard.url}api/plans`)).json()) as {
          plans: { session: string; leftover: boolean }[];
        }
      ).plans;
    expect((await listing())[0]).toMatchObject({ session: 'trip', leftover: false });

    model.load([{ final: 'It is 3 pm.' }]);
    await session.send('What time is it?');
    const afterSecond = await store.get(session.key);
    expect(isLeftoverRecord(afterSecond!.record)).toBe(true);
    expect(afterSecond!.record.items).toEqual(afterFirst!.record.items);
    expect(afterSecond!.record.updatedAt).toBe(afterFirst!.record.updatedAt);
    const history = await store.history(session.key);
    expect(history.at(-1)?.source).toEqual({ tool: 'host:turn-started', summary: 'new user turn' });
    expect((await listing())[0]).toMatchObject({ session: 'trip', leftover: true });

    // Writing the plan in the new turn claims it: no longer a leftover.
    model.load([
      {
        tool: 'todo_write',
        args: { todos: [{ content: 'Book the flight', status: 'completed' }] },
      },
      { final: 'Booked.' },
      { final: 'Booked, checked.' },
    ]);
    await session.send('Book the flight now');
    expect((await listing())[0]).toMatchObject({ session: 'trip', leftover: false });
  });

  it('the turn note writes nothing when there is no plan or the turn is already noted', async () => {
    const engine = new PlanEngine();
    const key = { agent: 'a', session: 's' };
    await engine.noteTurn(key, 't1');
    expect((await engine.snapshot(key)).version).toBe(0);
    await engine.add(key, [{ content: 'x' }], { turn: 't1' });
    await engine.noteTurn(key, 't1');
    expect((await engine.snapshot(key)).version).toBe(1);
    await engine.noteTurn(key, 't2');
    expect((await engine.snapshot(key)).version).toBe(2);
  });
});
