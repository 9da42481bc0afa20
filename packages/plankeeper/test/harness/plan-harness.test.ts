/** The harness's protocol with hosts, driven directly: what each call does and does not do. */
import { describe, expect, it } from 'vitest';
import { PlanEngine } from '../../src/engine/plan-engine.js';
import { PlanHarness } from '../../src/harness/plan-harness.js';

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
