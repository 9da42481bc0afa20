import { describe, expect, it } from 'vitest';
import { type OperationMeta, PlanEngine } from './plan-engine.js';
import { MemoryPlanStore } from './store/memory-store.js';
import type { TodoStatus } from './todo-item.js';

const key = { agent: 'ops', session: 's1' };

/** A plan of three steps the model wrote (version 1), as the model read it. */
async function seeded(options: ConstructorParameters<typeof PlanEngine>[0] = {}) {
  const engine = new PlanEngine({ store: new MemoryPlanStore(), ...options });
  await engine.write(key, [
    { content: 'Migrate prod DB', status: 'in_progress' },
    { content: 'Email customers', status: 'pending' },
    { content: 'Write release notes', status: 'pending' },
  ]);
  const read = await engine.snapshot(key);
  return { engine, read };
}

/** The person's changes of the issue: #2 cancelled with a reason, #1 reworded. */
async function personCancelsAndRewords(engine: PlanEngine) {
  const cancel = await engine.editAsPerson(
    key,
    { kind: 'cancel', id: '2', reason: 'Legal says do NOT email' },
    { name: 'Ana' },
  );
  const edit = await engine.editAsPerson(
    key,
    { kind: 'edit', id: '1', content: 'Migrate STAGING DB only' },
    { name: 'Ana' },
  );
  expect([cancel.ok, edit.ok]).toEqual([true, true]);
}

/** The model's next list, made from its read: #1 done, #2 started (no ids, as most models send). */
const staleList = (status: Partial<Record<string, TodoStatus>> = {}) => [
  { content: 'Migrate prod DB', status: status['1'] ?? 'completed' },
  { content: 'Email customers', status: status['2'] ?? 'in_progress' },
  { content: 'Write release notes', status: status['3'] ?? 'pending' },
];

const lines = (items: readonly { id: string; status: string; content: string }[]) =>
  items.map((item) => `${item.id} ${item.status} ${item.content}`);

describe('a write from an older read keeps what a person changed since', () => {
  it("keeps a person's cancel (with its reason) and rewording; the model's status report on #1 lands", async () => {
    const { engine, read } = await seeded();
    await personCancelsAndRewords(engine);
    const outcome = await engine.write(key, staleList(), { basedOn: read.version });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(lines(outcome.snapshot.items)).toEqual([
      '1 completed Migrate STAGING DB only',
      '2 cancelled Email customers',
      '3 pending Write release notes',
    ]);
    expect(outcome.snapshot.items[1]?.note).toBe('Legal says do NOT email');
    expect(outcome.facts.added).toEqual([]);
    expect(outcome.facts.dropped).toEqual([]);
    expect(
      outcome.facts.kept?.map((change) => [change.item.id, change.edits, change.name]),
    ).toEqual([
      ['1', [{ kind: 'edit', id: '1' }], 'Ana'],
      ['2', [{ kind: 'cancel', id: '2', reason: 'Legal says do NOT email' }], 'Ana'],
    ]);
    // The revision says so, for the dashboard's timeline.
    const last = (await engine.history(key)).at(-1)!;
    expect(last.source.keptForPerson).toEqual(['1', '2']);
    expect(last.source.summary).toBe("wrote 3 items, kept a person's change to #1 #2");
  });

  it("keeps a person's removal (a line deleted from a plan file): the stale list brings it back by neither id nor text", async () => {
    const store = new MemoryPlanStore();
    const { engine, read } = await seeded({ store });
    const current = (await store.get(key))!;
    await store.compareAndSet(
      key,
      current.version,
      { ...current.record, items: current.record.items.filter((item) => item.id !== '3') },
      { source: { tool: 'person:remove', by: 'person', edit: { kind: 'remove', id: '3' } } },
    );
    for (const list of [
      staleList(),
      staleList().map((entry, index) => ({ ...entry, id: String(index + 1) })),
    ]) {
      const outcome = await engine.write(key, list, { basedOn: read.version, dryRun: true });
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      expect(lines(outcome.snapshot.items)).toEqual([
        '1 completed Migrate prod DB',
        '2 in_progress Email customers',
      ]);
      expect(outcome.facts.kept?.map((change) => [change.item.id, change.edits])).toEqual([
        ['3', [{ kind: 'remove', id: '3' }]],
      ]);
    }
  });

  it('keeps them the same when the list names the items by id', async () => {
    const { engine, read } = await seeded();
    await personCancelsAndRewords(engine);
    const list = staleList().map((entry, index) => ({ ...entry, id: String(index + 1) }));
    const outcome = await engine.write(key, list, { basedOn: read.version });
    expect(outcome.ok && lines(outcome.snapshot.items)).toEqual([
      '1 completed Migrate STAGING DB only',
      '2 cancelled Email customers',
      '3 pending Write release notes',
    ]);
  });

  it('keeps an item a person added that the list leaves out, where they put it, and reports no drop', async () => {
    const { engine, read } = await seeded({ dropPolicy: 'reject' });
    const added = await engine.editAsPerson(key, {
      kind: 'add',
      content: 'Tell support',
      after: '1',
    });
    expect(added.ok).toBe(true);
    const outcome = await engine.write(key, staleList({ '2': 'pending', '3': 'in_progress' }), {
      basedOn: read.version,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(lines(outcome.snapshot.items)).toEqual([
      '1 completed Migrate prod DB',
      '4 pending Tell support',
      '2 pending Email customers',
      '3 in_progress Write release notes',
    ]);
    expect(outcome.facts.dropped).toEqual([]);
    expect(outcome.facts.kept?.map((change) => change.item.id)).toEqual(['4']);
  });

  it("lands the model's own changes to every other item: new items, completions, removals", async () => {
    const { engine, read } = await seeded();
    await personCancelsAndRewords(engine);
    const outcome = await engine.write(
      key,
      [
        { id: '1', content: 'Migrate prod DB', status: 'completed' },
        { id: '2', content: 'Email customers', status: 'pending' },
        { content: 'Check the dashboards', status: 'in_progress' },
      ],
      { basedOn: read.version },
    );
    expect(outcome.ok && lines(outcome.snapshot.items)).toEqual([
      '1 completed Migrate STAGING DB only',
      '2 cancelled Email customers',
      '4 in_progress Check the dashboards',
    ]);
    expect(outcome.ok && outcome.facts.dropped.map((item) => item.id)).toEqual(['3']);
  });

  it('keeps the place a person moved an item to', async () => {
    const { engine, read } = await seeded();
    expect((await engine.editAsPerson(key, { kind: 'move', id: '3', before: '1' })).ok).toBe(true);
    const outcome = await engine.write(key, staleList({ '2': 'pending' }), {
      basedOn: read.version,
    });
    expect(outcome.ok && lines(outcome.snapshot.items)).toEqual([
      '3 pending Write release notes',
      '1 completed Migrate prod DB',
      '2 pending Email customers',
    ]);
  });

  it('takes a list sent after the model saw the change as it is: the model may undo it knowingly', async () => {
    const { engine } = await seeded();
    await personCancelsAndRewords(engine);
    const seen = await engine.snapshot(key);
    const outcome = await engine.write(
      key,
      [
        { id: '1', content: 'Migrate prod DB', status: 'in_progress' },
        { id: '2', content: 'Email customers', status: 'pending' },
        { id: '3', content: 'Write release notes', status: 'pending' },
      ],
      { basedOn: seen.version },
    );
    expect(outcome.ok && lines(outcome.snapshot.items)).toEqual([
      '1 in_progress Migrate prod DB',
      '2 pending Email customers',
      '3 pending Write release notes',
    ]);
    expect(outcome.ok && outcome.facts.kept).toBeUndefined();
  });

  it('without basedOn (a host that tracks nothing) writes as before: the stale list undoes the change', async () => {
    const { engine } = await seeded();
    await personCancelsAndRewords(engine);
    const outcome = await engine.write(key, staleList());
    expect(outcome.ok && lines(outcome.snapshot.items)).toEqual([
      '4 completed Migrate prod DB',
      '2 in_progress Email customers',
      '3 pending Write release notes',
    ]);
    expect(outcome.ok && outcome.facts.dropped.map((item) => item.id)).toEqual(['1']);
  });
});

describe('a granular call from an older read', () => {
  it('is refused when it would complete an item a person cancelled, naming the change; the plan stays', async () => {
    const { engine, read } = await seeded();
    await personCancelsAndRewords(engine);
    const before = await engine.snapshot(key);
    const outcome = await engine.complete(
      key,
      [
        { id: '3', reason: 'x' },
        { id: 2, reason: 'sent' },
      ],
      {
        basedOn: read.version,
      },
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.issues).toEqual([
      {
        code: 'changed_by_person',
        path: ['items', 1],
        id: '2',
        content: 'Email customers',
        note: 'Legal says do NOT email',
        edits: [{ kind: 'cancel', id: '2', reason: 'Legal says do NOT email' }],
        name: 'Ana',
      },
    ]);
    expect(await engine.snapshot(key)).toEqual(before);
    // Made knowing the change, the call goes through.
    const again = await engine.complete(key, [{ id: 2, reason: 'sent' }], {
      basedOn: before.version,
    });
    expect(again.ok).toBe(true);
  });

  it('is refused when it would remove an item a person reworded, and lets other items go', async () => {
    const { engine, read } = await seeded();
    await personCancelsAndRewords(engine);
    const meta: OperationMeta = { basedOn: read.version };
    const removeOne = await engine.remove(key, ['1'], meta);
    expect(!removeOne.ok && removeOne.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['changed_by_person', ['ids', 0]],
    ]);
    const removeOther = await engine.remove(key, ['3'], meta);
    expect(removeOther.ok).toBe(true);
    const completeOther = await engine.complete(key, [{ id: '1', reason: 'migrated' }], {
      basedOn: read.version,
    });
    expect(completeOther.ok).toBe(false);
  });

  it('completes an item a person only moved', async () => {
    const { engine, read } = await seeded();
    await engine.editAsPerson(key, { kind: 'move', id: '3', before: '1' });
    const outcome = await engine.complete(key, [{ id: '3', reason: 'written' }], {
      basedOn: read.version,
    });
    expect(outcome.ok).toBe(true);
  });
});

describe('a race of person adds and model whole-list writes from stale reads', () => {
  it('loses none of 25 person adds to 25 interleaved model writes', async () => {
    const { engine } = await seeded({ limits: { maxItems: 40 } });
    const adds: Promise<unknown>[] = [];
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 25; round++) {
      // The model reads, a person adds meanwhile, then the model's list from its read lands.
      const read = await engine.snapshot(key);
      adds.push(engine.editAsPerson(key, { kind: 'add', content: `Person step ${round}` }));
      writes.push(
        engine.write(
          key,
          read.items.map((item) => ({
            id: item.id,
            content: item.content,
            status: item.status === 'in_progress' ? 'completed' : item.status,
          })),
          { basedOn: read.version },
        ),
      );
    }
    const results = await Promise.all([...adds, ...writes]);
    expect(results.filter((result) => !(result as { ok: boolean }).ok)).toEqual([]);
    const contents = (await engine.snapshot(key)).items.map((item) => item.content);
    const lost = Array.from({ length: 25 }, (_, round) => `Person step ${round}`).filter(
      (content) => !contents.includes(content),
    );
    expect(lost).toEqual([]);
  });
});
