import { describe, expect, it } from 'vitest';
import { PlanEngine } from './plan-engine.js';
import { subAgentKey } from './plan-key.js';

const key = { agent: 'planner', session: 's1' };

async function planned() {
  const engine = new PlanEngine();
  await engine.write(key, [
    { content: 'Research', status: 'in_progress' },
    { content: 'Answer', status: 'pending' },
    { content: 'Old step', status: 'cancelled' },
  ]);
  return engine;
}

describe('sub-agent links', () => {
  it('are kept through whole-list writes that keep the item, and go with it', async () => {
    const engine = await planned();
    const linked = await engine.setSubAgent(key, '1', { scope: 'research' });
    expect(linked.ok).toBe(true);
    // No ids: the item is matched by its content, as models write.
    await engine.write(key, [
      { content: 'Research', status: 'in_progress' },
      { content: 'Answer', status: 'pending' },
    ]);
    expect((await engine.snapshot(key)).items[0]?.subAgent).toEqual({ scope: 'research' });
    // A model cannot set or clear it: the tool schemas have no such field, and a rewrite
    // that changes only other items keeps it.
    await engine.complete(key, [{ id: '1', reason: 'done' }]);
    expect((await engine.snapshot(key)).items[0]?.subAgent).toEqual({ scope: 'research' });
    await engine.write(key, [{ content: 'Answer', status: 'pending' }]);
    expect((await engine.snapshot(key)).items.some((item) => item.subAgent)).toBe(false);
  });

  it('refuse an unknown or closed item, or a bad scope, and change nothing', async () => {
    const engine = await planned();
    const before = await engine.snapshot(key);
    expect(await engine.setSubAgent(key, '9', { scope: 'x' })).toMatchObject({
      ok: false,
      problem: { code: 'unknown_id', id: '9', known: ['1', '2', '3'] },
    });
    expect(await engine.setSubAgent(key, '3', { scope: 'x' })).toMatchObject({
      ok: false,
      problem: { code: 'not_open', id: '3', status: 'cancelled' },
    });
    for (const scope of ['', '  ', 'a\nb', 'x'.repeat(201)]) {
      expect(await engine.setSubAgent(key, '1', { scope })).toMatchObject({
        ok: false,
        problem: { code: 'bad_scope' },
      });
    }
    expect(await engine.snapshot(key)).toEqual(before);
    expect(await engine.history(key)).toHaveLength(1);
  });

  it("record the end in the revision's source, also on an item closed meanwhile", async () => {
    const engine = await planned();
    await engine.setSubAgent(key, '1', { scope: 'research' });
    await engine.complete(key, [{ id: '1', reason: 'a person did it' }]);
    const end = {
      item: '1',
      scope: 'research',
      ended: 'finished' as const,
      progress: { total: 1, completed: 1, cancelled: 0, inProgress: 0, pending: 0 },
      open: [],
    };
    const ended = await engine.setSubAgent(key, '1', { scope: 'research', ended: 'finished' }, end);
    expect(ended.ok).toBe(true);
    const last = (await engine.history(key)).at(-1)!;
    expect(last.source).toEqual({
      tool: 'host:sub-agent-ended',
      summary: 'sub-agent on #1 finished: 1/1 done',
      subAgent: end,
    });
  });

  it('are copies in snapshots: changing one changes nothing stored', async () => {
    const engine = await planned();
    await engine.setSubAgent(key, '1', { scope: 'research' });
    const snapshot = await engine.snapshot(key);
    snapshot.items[0]!.subAgent!.scope = 'elsewhere';
    expect((await engine.snapshot(key)).items[0]?.subAgent).toEqual({ scope: 'research' });
    expect(subAgentKey(key, 'research')).toEqual({ ...key, scope: ['research'] });
  });
});
