import { describe, expect, it } from 'vitest';
import { getLocale } from '../locale/index.js';
import { PlanEngine } from './plan-engine.js';
import { MemoryPlanStore } from './store/memory-store.js';
import type { PlanStore } from './store/plan-store.js';

const key = { agent: 'support', session: 's1' };

async function seeded(store: PlanStore = new MemoryPlanStore()) {
  const engine = new PlanEngine({ store });
  await engine.add(key, [{ content: 'Find' }, { content: 'Fix' }, { content: 'Ship' }], {
    turn: 't1',
  });
  return engine;
}

const lines = (items: { id: string; status: string; content: string }[]) =>
  items.map((item) => `${item.id} ${item.status} ${item.content}`);

describe("PlanEngine.editAsPerson: a person's change", () => {
  it('adds, cancels, completes, edits, moves and notes items, each a revision by the person', async () => {
    const engine = await seeded();
    const steps = [
      engine.editAsPerson(key, { kind: 'add', content: ' Review ', after: '1' }, { name: 'Ana' }),
      engine.editAsPerson(key, { kind: 'cancel', id: '2', reason: 'not needed' }),
      engine.editAsPerson(key, { kind: 'done', id: 1 as unknown as string }),
      engine.editAsPerson(key, { kind: 'edit', id: '3', content: 'Ship it' }),
      engine.editAsPerson(key, { kind: 'move', id: '3', before: '1' }),
      engine.editAsPerson(key, { kind: 'note', id: '4', text: 'with Bo' }, { name: ' Ana\n B ' }),
    ];
    for (const step of steps) expect((await step).ok).toBe(true);
    const snapshot = await engine.snapshot(key);
    expect(lines(snapshot.items)).toEqual([
      '3 pending Ship it',
      '1 completed Find',
      '4 pending Review',
      '2 cancelled Fix',
    ]);
    expect(snapshot.items.find((item) => item.id === '2')?.note).toBe('not needed');
    expect(snapshot.items.find((item) => item.id === '4')?.note).toBe('with Bo');
    // A person's edit is no new request: the plan stays the model's plan of turn t1.
    expect(snapshot.turn).toBe('t1');
    const sources = (await engine.history(key)).slice(1).map((revision) => revision.source);
    expect(sources).toEqual([
      {
        tool: 'person:add',
        summary: 'added #4 after #1',
        by: 'person',
        name: 'Ana',
        edit: { kind: 'add', id: '4', anchor: '1' },
      },
      {
        tool: 'person:cancel',
        summary: 'cancelled #2: not needed',
        by: 'person',
        edit: { kind: 'cancel', id: '2', reason: 'not needed' },
      },
      {
        tool: 'person:done',
        summary: 'completed #1',
        by: 'person',
        edit: { kind: 'done', id: '1' },
      },
      { tool: 'person:edit', summary: 'edited #3', by: 'person', edit: { kind: 'edit', id: '3' } },
      {
        tool: 'person:move',
        summary: 'moved #3 before #1',
        by: 'person',
        edit: { kind: 'move', id: '3', anchor: '1' },
      },
      {
        tool: 'person:note',
        summary: 'noted #4',
        by: 'person',
        name: 'Ana B',
        edit: { kind: 'note', id: '4' },
      },
    ]);
  });

  it('refuses a bad id, an unknown id, a closed item, a blank text and a move onto itself, writing nothing', async () => {
    const engine = await seeded();
    await engine.editAsPerson(key, { kind: 'cancel', id: '2' });
    const before = await engine.snapshot(key);
    const refused = [
      [
        { kind: 'done', id: 'x' },
        { code: 'bad_id', received: 'x' },
      ],
      [
        { kind: 'cancel', id: '9' },
        { code: 'unknown_id', id: '9', known: ['1', '2', '3'] },
      ],
      [
        { kind: 'done', id: '2' },
        { code: 'not_open', id: '2', status: 'cancelled' },
      ],
      [
        { kind: 'edit', id: '1', content: ' \u200b' },
        { code: 'blank', field: 'content' },
      ],
      [
        { kind: 'move', id: '1', before: '1' },
        { code: 'same_item', id: '1' },
      ],
      [
        { kind: 'add', content: 'x', after: '7' },
        { code: 'unknown_id', id: '7', known: ['1', '2', '3'] },
      ],
      [
        { kind: 'note', id: '1', text: 'a\u0000' },
        { code: 'bad_character', field: 'note' },
      ],
    ] as const;
    for (const [edit, problem] of refused) {
      const outcome = await engine.editAsPerson(key, edit);
      expect(outcome).toMatchObject({ ok: false, problem });
    }
    expect(await engine.editAsPerson(key, { kind: 'done', id: '1' }, { name: '' })).toMatchObject({
      ok: false,
      problem: { code: 'blank', field: 'name' },
    });
    expect(await engine.snapshot(key)).toEqual(before);
    expect(await engine.history(key)).toHaveLength(2);
  });

  it('validates again on the plan a concurrent writer stored: the loser of a race is refused', async () => {
    const inner = new MemoryPlanStore();
    const engine = await seeded(inner);
    const other = new PlanEngine({ store: inner });
    let raced = false;
    // Another writer completes #2 between this engine's read and its compare-and-set.
    const store: PlanStore = Object.assign(Object.create(inner) as PlanStore, {
      compareAndSet: async (...args: Parameters<PlanStore['compareAndSet']>) => {
        if (!raced) {
          raced = true;
          await other.complete(key, [{ id: '2', reason: 'fixed' }]);
        }
        return inner.compareAndSet(...args);
      },
    });
    const racing = new PlanEngine({ store });
    const outcome = await racing.editAsPerson(key, { kind: 'cancel', id: '2' }, { name: 'Ana' });
    expect(outcome).toMatchObject({
      ok: false,
      problem: { code: 'not_open', id: '2', status: 'completed' },
    });
    expect((await engine.snapshot(key)).items[1]).toMatchObject({
      status: 'completed',
      note: 'fixed',
    });
    // A change the race leaves valid is retried on the winner's plan and lands.
    raced = false;
    expect((await racing.editAsPerson(key, { kind: 'cancel', id: '3' })).ok).toBe(true);
    expect(lines((await engine.snapshot(key)).items)).toEqual([
      '1 pending Find',
      '2 completed Fix',
      '3 cancelled Ship',
    ]);
  });

  it('says each refusal in one line, in en and zh', () => {
    const problems = [
      { code: 'bad_id', received: 'x' },
      { code: 'unknown_id', id: '9', known: ['1', '2'] },
      { code: 'unknown_id', id: '9', known: [] },
      { code: 'not_open', id: '2', status: 'completed' },
      { code: 'same_item', id: '1' },
      { code: 'blank', field: 'content' },
      { code: 'too_long', field: 'reason', maximum: 1000, length: 1200 },
      { code: 'bad_character', field: 'note' },
      { code: 'too_many_items', maximum: 20 },
    ] as const;
    for (const id of ['en', 'zh'] as const) {
      const texts = problems.map((problem) => getLocale(id).person.problem(problem));
      for (const text of texts) expect(text).not.toContain('\n');
      expect(texts).toMatchSnapshot(id);
    }
  });
});
