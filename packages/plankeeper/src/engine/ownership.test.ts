import { describe, expect, it } from 'vitest';
import { PlanEngine } from './plan-engine.js';
import { sharedListKey } from './shared-list.js';
import { MemoryPlanStore } from './store/memory-store.js';

const key = sharedListKey('release');

async function seeded() {
  const engine = new PlanEngine({ store: new MemoryPlanStore() });
  await engine.add(key, [
    { content: 'Write docs' },
    { content: 'Write tests' },
    { content: 'Ship' },
  ]);
  return engine;
}

const claim = (engine: PlanEngine, id: string, owner: string) =>
  engine.snapshot(key).then((plan) =>
    engine.write(
      key,
      plan.items.map((item) => ({
        id: item.id,
        content: item.content,
        status: item.id === id ? 'in_progress' : item.status,
      })),
      { owner },
    ),
  );

describe('owners in a shared list', () => {
  it('records the writer as the owner of an item it starts, from meta, and keeps it on completion', async () => {
    const engine = await seeded();
    const started = await claim(engine, '2', 'sess-b');
    expect(started.ok && started.snapshot.items[1]).toEqual({
      id: '2',
      content: 'Write tests',
      status: 'in_progress',
      owner: 'sess-b',
    });
    const done = await engine.complete(key, [{ id: '2', reason: 'green' }], { owner: 'sess-b' });
    expect(done.ok && done.snapshot.items[1]?.owner).toBe('sess-b');
    expect(done.ok && done.snapshot.items[1]?.status).toBe('completed');
  });

  it('refuses another session adding a blocker to an owned item or moving it; adding after it is fine', async () => {
    const engine = await seeded();
    await claim(engine, '2', 'sess-b');
    const before = await engine.snapshot(key);
    const item = (id: string, extra: Record<string, unknown> = {}) => {
      const stored = before.items.find((each) => each.id === id)!;
      return { id, content: stored.content, status: stored.status, ...extra };
    };
    const blocked = await engine.write(
      key,
      [item('1'), item('2', { blockedBy: ['3'] }), item('3')],
      {
        owner: 'sess-a',
      },
    );
    expect(blocked).toMatchObject({ ok: false, issues: [{ code: 'owned_by_other', id: '2' }] });
    const moved = await engine.write(key, [item('2'), item('1'), item('3')], { owner: 'sess-a' });
    expect(moved).toMatchObject({ ok: false, issues: [{ code: 'owned_by_other', id: '2' }] });
    expect(await engine.snapshot(key)).toEqual(before);
    const added = await engine.write(
      key,
      [item('1'), item('2'), item('3'), { content: 'Tell the team', status: 'pending' }],
      { owner: 'sess-a' },
    );
    expect(added.ok).toBe(true);
  });

  it('refuses another session completing, changing, dropping or removing an item in progress, naming the owner; the plan stays as it was', async () => {
    const engine = await seeded();
    await claim(engine, '2', 'sess-b');
    const before = await engine.snapshot(key);
    const attempts = [
      engine.complete(key, [{ id: 2, reason: 'done' }], { owner: 'sess-a' }),
      engine.remove(key, ['1', '2'], { owner: 'sess-a' }),
      engine.write(
        key,
        [
          { id: '1', content: 'Write docs', status: 'pending' },
          { id: '2', content: 'Write more tests', status: 'in_progress' },
          { id: '3', content: 'Ship', status: 'pending' },
        ],
        { owner: 'sess-a' },
      ),
      engine.write(key, [{ id: '1', content: 'Write docs', status: 'in_progress' }], {
        owner: 'sess-a',
      }),
      // A host with no owner (a plain session) is "someone else" too.
      engine.complete(key, [{ id: '2', reason: 'done' }]),
    ];
    const outcomes = await Promise.all(attempts);
    const issues = outcomes.map((outcome) => (outcome.ok ? [] : outcome.issues));
    expect(issues).toEqual([
      [
        {
          code: 'owned_by_other',
          path: ['items', 0],
          id: '2',
          content: 'Write tests',
          owner: 'sess-b',
          status: 'in_progress',
        },
      ],
      [expect.objectContaining({ code: 'owned_by_other', path: ['ids', 1], owner: 'sess-b' })],
      [expect.objectContaining({ code: 'owned_by_other', path: ['todos', 1], owner: 'sess-b' })],
      [expect.objectContaining({ code: 'owned_by_other', path: ['todos'], id: '2' })],
      [expect.objectContaining({ code: 'owned_by_other', path: ['items', 0], owner: 'sess-b' })],
    ]);
    expect(await engine.snapshot(key)).toEqual(before);
    expect((await engine.history(key)).length).toBe(2);
  });

  it('lets a whole-list write keep another owner’s item unchanged and counts one in_progress per owner', async () => {
    const engine = await seeded();
    await claim(engine, '2', 'sess-b');
    const mine = await claim(engine, '1', 'sess-a');
    expect(mine.ok && mine.snapshot.items.map((item) => [item.status, item.owner])).toEqual([
      ['in_progress', 'sess-a'],
      ['in_progress', 'sess-b'],
      ['pending', undefined],
    ]);
    // A second item of sess-a's own is still one too many.
    const second = await claim(engine, '3', 'sess-a');
    expect(!second.ok && second.issues.map((issue) => issue.code)).toEqual([
      'multiple_in_progress',
    ]);
    // Completing its own and starting the next in one write is fine.
    const next = await engine.write(
      key,
      [
        { id: '1', content: 'Write docs', status: 'completed' },
        { id: '2', content: 'Write tests', status: 'in_progress' },
        { id: '3', content: 'Ship', status: 'in_progress' },
      ],
      { owner: 'sess-a' },
    );
    expect(next.ok && next.snapshot.items.map((item) => item.owner)).toEqual([
      'sess-a',
      'sess-b',
      'sess-a',
    ]);
  });

  it("keeps another session's finished item as it is: no reopening or resetting it, but leaving it out is fine", async () => {
    const engine = await seeded();
    await claim(engine, '1', 'sess-b');
    await engine.complete(key, [{ id: '1', reason: 'written' }], { owner: 'sess-b' });
    const reopen = await claim(engine, '1', 'sess-a');
    expect(!reopen.ok && reopen.issues[0]).toMatchObject({
      code: 'owned_by_other',
      path: ['todos', 0],
      status: 'completed',
      owner: 'sess-b',
    });
    // A whole list sent from a read before sess-b finished would undo its work.
    const stale = await engine.write(
      key,
      [
        { id: '1', content: 'Write docs', status: 'pending' },
        { id: '2', content: 'Write tests', status: 'in_progress' },
        { id: '3', content: 'Ship', status: 'pending' },
      ],
      { owner: 'sess-a' },
    );
    expect(!stale.ok && stale.issues.map((issue) => issue.code)).toEqual(['owned_by_other']);
    const without = await engine.write(
      key,
      [
        { id: '2', content: 'Write tests', status: 'in_progress' },
        { id: '3', content: 'Ship', status: 'pending' },
      ],
      { owner: 'sess-a' },
    );
    expect(without.ok && without.snapshot.items.map((item) => item.owner)).toEqual([
      'sess-a',
      undefined,
    ]);
    // Its own owner may set it back to pending, which frees it.
    await claim(engine, '3', 'sess-b');
    const back = await engine.write(
      key,
      [
        { id: '2', content: 'Write tests', status: 'in_progress' },
        { id: '3', content: 'Ship', status: 'pending' },
      ],
      { owner: 'sess-b' },
    );
    expect(back.ok && back.snapshot.items[1]).toEqual({
      id: '3',
      content: 'Ship',
      status: 'pending',
    });
  });

  it('releases the items of a session that is gone back to pending, with a revision saying so', async () => {
    const engine = await seeded();
    await claim(engine, '2', 'sess-b');
    await engine.complete(key, [{ id: '2', reason: 'ok' }], { owner: 'sess-b' });
    await claim(engine, '3', 'sess-b');
    expect(await engine.releaseOwner(key, 'sess-c')).toEqual([]);
    expect(await engine.releaseOwner(key, 'sess-b')).toEqual(['3']);
    const plan = await engine.snapshot(key);
    expect(plan.items.map((item) => [item.id, item.status, item.owner])).toEqual([
      ['1', 'pending', undefined],
      ['2', 'completed', 'sess-b'],
      ['3', 'pending', undefined],
    ]);
    const history = await engine.history(key);
    expect(history.at(-1)?.source).toEqual({
      tool: 'host:release',
      summary: 'released #3 of sess-b',
    });
    expect((await claim(engine, '3', 'sess-a')).ok).toBe(true);
  });

  it('adds no owner anywhere when no host names one', async () => {
    const engine = await seeded();
    const plain = await claim(engine, '1', undefined as unknown as string);
    expect(plain.ok && plain.snapshot.items[0]).toEqual({
      id: '1',
      content: 'Write docs',
      status: 'in_progress',
    });
  });

  it('keys a shared list apart from sessions and refuses a blank name', () => {
    expect(sharedListKey(' release ')).toEqual({ agent: 'list', session: 'release' });
    expect(sharedListKey('r', ['sub'])).toEqual({ agent: 'list', session: 'r', scope: ['sub'] });
    expect(() => sharedListKey('  ')).toThrow(/shared list needs a name/);
  });

  it("does not start in the writer's name an item another session had at its read and freed since", async () => {
    // Two engines on one store, as two processes would be; the plan each read is held
    // (as the Redis, PostgreSQL and SQLite stores have it), so the writer's list is decided
    // first on its own read and, after the compare-and-set conflict, again on the newer plan.
    const store = new MemoryPlanStore();
    const a = new PlanEngine({ store, recentPlans: 10 });
    const b = new PlanEngine({ store, recentPlans: 10 });
    await a.add(key, [{ content: 'Write docs' }, { content: 'Write tests' }, { content: 'Ship' }]);
    expect((await claim(b, '1', 'sess-b')).ok).toBe(true);
    const read = await a.snapshot(key);
    expect(await b.releaseOwner(key, 'sess-b')).toEqual(['1']);
    // Sent from the read before the release: #1 still in progress, as sess-b had it.
    const sent = await a.write(
      key,
      read.items.map((item) => ({
        id: item.id,
        content: item.content,
        status: item.id === '2' ? 'in_progress' : item.status,
      })),
      { owner: 'sess-a' },
    );
    const shown = (items: readonly { id: string; status: string; owner?: string }[]) =>
      items.map((item) => [item.id, item.status, item.owner]);
    expect(sent.ok && shown(sent.snapshot.items)).toEqual([
      ['1', 'pending', undefined],
      ['2', 'in_progress', 'sess-a'],
      ['3', 'pending', undefined],
    ]);
    expect(shown((await b.snapshot(key)).items)).toEqual([
      ['1', 'pending', undefined],
      ['2', 'in_progress', 'sess-a'],
      ['3', 'pending', undefined],
    ]);
    // A claim of a free item sent as the writer read it is still a claim.
    expect(await a.releaseOwner(key, 'sess-a')).toEqual(['2']);
    const claimed = await claim(a, '1', 'sess-a');
    expect(claimed.ok && claimed.snapshot.items[0]?.owner).toBe('sess-a');
  });
});
