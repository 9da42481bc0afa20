import { describe, expect, it } from 'vitest';
import { PlanRecordError } from './errors.js';
import type { DependencyMode } from './operations/dependencies.js';
import { PlanEngine } from './plan-engine.js';
import type { PlanKey } from './plan-key.js';
import { decodeRecord } from './store/record-codec.js';

const key: PlanKey = { agent: 'release', session: 's-1' };

function engineWith(dependencies?: DependencyMode) {
  const engine = new PlanEngine(dependencies ? { dependencies } : {});
  const stored = async () => JSON.stringify(await engine.store.get(key));
  return { engine, stored };
}

/** #1 Run tests, #2 Build (after #1), #3 Deploy (after #2), all pending. */
async function chain(engine: PlanEngine) {
  const outcome = await engine.write(key, [
    { content: 'Run tests', status: 'pending' },
    { content: 'Build', status: 'pending', blockedBy: ['Run tests'] },
    { content: 'Deploy', status: 'pending', blockedBy: ['Build'] },
  ]);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome;
}

describe('blockedBy in a whole-list write', () => {
  it('lets new entries name each other by content and stores the ids they got', async () => {
    const { engine } = engineWith();
    const outcome = await chain(engine);
    expect(outcome.snapshot.items.map((item) => [item.id, item.blockedBy])).toEqual([
      ['1', undefined],
      ['2', ['1']],
      ['3', ['2']],
    ]);
  });

  it('accepts existing ids as numbers or strings, collapses repeats, and keeps blockers a re-sent entry leaves out', async () => {
    const { engine } = engineWith();
    await chain(engine);
    const outcome = await engine.write(key, [
      { id: 1, content: 'Run tests', status: 'pending' },
      { id: 2, content: 'Build', status: 'pending' },
      { id: 3, content: 'Deploy', status: 'pending', blockedBy: [1, '2', ' 2 ', 'Build'] },
    ]);
    expect(outcome.ok).toBe(true);
    const items = (await engine.snapshot(key)).items;
    expect(items[1]!.blockedBy).toEqual(['1']);
    expect(items[2]!.blockedBy).toEqual(['1', '2']);
  });

  it('clears blockers with [] and counts a blocker change as a change, a re-sent list as none', async () => {
    const { engine } = engineWith();
    await chain(engine);
    const again = await engine.write(key, [
      { content: 'Run tests', status: 'pending' },
      { content: 'Build', status: 'pending' },
      { content: 'Deploy', status: 'pending' },
    ]);
    expect(again.ok && again.facts.unchanged).toBe(true);
    expect(again.snapshot.version).toBe(1);
    const cleared = await engine.write(key, [
      { content: 'Run tests', status: 'pending' },
      { content: 'Build', status: 'pending' },
      { content: 'Deploy', status: 'pending', blockedBy: [] },
    ]);
    expect(cleared.ok && cleared.facts.unchanged).toBe(false);
    expect(cleared.snapshot.version).toBe(2);
    expect(cleared.snapshot.items[2]!.blockedBy).toBeUndefined();
  });

  it.each([
    ['an id not in the plan', [9], 'unknown_blocker', '9'],
    ['content no other entry has', ['Lint'], 'unknown_blocker', 'Lint'],
    ['the id a new entry would get (new entries go by content)', ['2'], 'unknown_blocker', '2'],
  ])('refuses %s, naming it, and stores nothing', async (_what, blockedBy, code, received) => {
    const { engine, stored } = engineWith();
    const outcome = await engine.write(key, [
      { content: 'Run tests', status: 'pending' },
      { content: 'Build', status: 'pending', blockedBy },
    ]);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.issues).toEqual([
      { code, path: ['todos', 1, 'blockedBy', 0], received, known: [] },
    ]);
    expect(await stored()).toBe(JSON.stringify(undefined));
  });

  it('refuses content that more than one other entry has', async () => {
    const { engine } = engineWith();
    const outcome = await engine.write(key, [
      { content: 'Check', status: 'pending' },
      { content: 'Check', status: 'pending' },
      { content: 'Ship', status: 'pending', blockedBy: ['Check'] },
    ]);
    expect(!outcome.ok && outcome.issues[0]!.code).toBe('ambiguous_blocker');
  });

  it('refuses a cycle, naming every item on it, and leaves the stored plan byte for byte', async () => {
    const { engine, stored } = engineWith();
    await chain(engine);
    const before = await stored();
    const outcome = await engine.write(key, [
      { content: 'Run tests', status: 'pending', blockedBy: [3] },
      { content: 'Build', status: 'pending' },
      { content: 'Deploy', status: 'pending' },
    ]);
    expect(!outcome.ok && outcome.issues).toEqual([
      {
        code: 'dependency_cycle',
        path: ['todos', 0, 'blockedBy'],
        cycle: [
          { id: '1', content: 'Run tests' },
          { id: '3', content: 'Deploy' },
          { id: '2', content: 'Build' },
          { id: '1', content: 'Run tests' },
        ],
      },
    ]);
    expect(await stored()).toBe(before);
  });

  it('refuses an item that waits for itself, in every mode', async () => {
    for (const mode of ['off', 'warn', 'enforce'] as const) {
      const { engine } = engineWith(mode);
      const outcome = await engine.write(key, [
        { content: 'Loop', status: 'pending', blockedBy: ['Loop'] },
      ]);
      // Content naming the entry itself matches no *other* entry.
      expect(!outcome.ok && outcome.issues[0]!.code).toBe('unknown_blocker');
      await engine.write(key, [{ content: 'Loop', status: 'pending' }]);
      const self = await engine.write(key, [
        { id: 1, content: 'Loop', status: 'pending', blockedBy: [1] },
      ]);
      expect(!self.ok && self.issues[0]!.code).toBe('dependency_cycle');
    }
  });

  it('takes a left-out blocker out of the items that waited for it and says which it unblocked', async () => {
    const { engine } = engineWith('enforce');
    await chain(engine);
    const outcome = await engine.write(key, [
      { content: 'Build', status: 'pending' },
      { content: 'Deploy', status: 'pending' },
    ]);
    expect(outcome.ok && outcome.facts).toMatchObject({
      detached: [{ id: '1', from: ['2'] }],
      unblocked: ['2'],
    });
    expect(outcome.snapshot.items[0]!.blockedBy).toBeUndefined();
    expect(outcome.snapshot.items[1]!.blockedBy).toEqual(['2']);
  });

  it('refuses a kept entry that explicitly names an item the list leaves out', async () => {
    const { engine } = engineWith();
    await chain(engine);
    const outcome = await engine.write(key, [
      { content: 'Build', status: 'pending', blockedBy: [1] },
    ]);
    expect(!outcome.ok && outcome.issues.map((issue) => issue.code)).toEqual(['unknown_blocker']);
  });
});

describe('order under each dependency mode', () => {
  it('enforce: refuses starting an item while a blocker is open, naming both, and changes nothing', async () => {
    const { engine, stored } = engineWith('enforce');
    await chain(engine);
    const before = await stored();
    const outcome = await engine.write(key, [
      { content: 'Run tests', status: 'pending' },
      { content: 'Build', status: 'in_progress' },
      { content: 'Deploy', status: 'pending' },
    ]);
    expect(!outcome.ok && outcome.issues).toEqual([
      {
        code: 'blocked',
        path: ['todos', 1, 'status'],
        entry: { id: '2', content: 'Build' },
        status: 'in_progress',
        open: [{ id: '1', content: 'Run tests' }],
      },
    ]);
    expect(await stored()).toBe(before);
  });

  it('enforce: names a new entry by its place when it starts before its new blocker', async () => {
    const { engine } = engineWith('enforce');
    const outcome = await engine.write(key, [
      { content: 'Run tests', status: 'pending' },
      { content: 'Build', status: 'in_progress', blockedBy: ['Run tests'] },
    ]);
    expect(!outcome.ok && outcome.issues[0]).toMatchObject({
      code: 'blocked',
      entry: { index: 1, content: 'Build' },
      open: [{ index: 0, content: 'Run tests' }],
    });
  });

  it('enforce: accepts finishing a blocker and starting the next item in one write', async () => {
    const { engine } = engineWith('enforce');
    await chain(engine);
    const outcome = await engine.write(key, [
      { content: 'Run tests', status: 'completed' },
      { content: 'Build', status: 'in_progress' },
      { content: 'Deploy', status: 'pending' },
    ]);
    expect(outcome.ok).toBe(true);
  });

  it('enforce: refuses todos_complete of a blocked item, accepts blocker and item together', async () => {
    const { engine, stored } = engineWith('enforce');
    await chain(engine);
    const before = await stored();
    const refused = await engine.complete(key, [{ id: 3, reason: 'deployed' }]);
    expect(!refused.ok && refused.issues).toEqual([
      {
        code: 'blocked',
        path: ['items', 0, 'id'],
        entry: { id: '3', content: 'Deploy' },
        status: 'completed',
        open: [{ id: '2', content: 'Build' }],
      },
    ]);
    expect(await stored()).toBe(before);
    const accepted = await engine.complete(key, [
      { id: 1, reason: 'green' },
      { id: 2, reason: 'built' },
    ]);
    expect(accepted.ok).toBe(true);
  });

  it('enforce: a cancelled blocker no longer blocks', async () => {
    const { engine } = engineWith('enforce');
    await chain(engine);
    const outcome = await engine.write(key, [
      { content: 'Run tests', status: 'cancelled' },
      { content: 'Build', status: 'in_progress' },
      { content: 'Deploy', status: 'pending' },
    ]);
    expect(outcome.ok && outcome.facts.unblocked).toEqual(['2']);
  });

  it('warn: lets the write through and reports which blockers were still open', async () => {
    const { engine } = engineWith('warn');
    await chain(engine);
    const outcome = await engine.complete(key, [{ id: 3, reason: 'deployed anyway' }]);
    expect(outcome.ok && outcome.facts.outOfOrder).toEqual([
      { id: '3', status: 'completed', open: ['2'] },
    ]);
    expect(outcome.snapshot.items[2]!.status).toBe('completed');
  });

  it('off: records and keeps blockers but says nothing about order', async () => {
    const { engine } = engineWith('off');
    await chain(engine);
    const outcome = await engine.complete(key, [{ id: 3, reason: 'deployed' }]);
    expect(outcome.ok && outcome.facts.outOfOrder).toBeUndefined();
    expect(outcome.snapshot.items[2]!.blockedBy).toEqual(['2']);
  });

  it('a call can override the engine mode', async () => {
    const { engine } = engineWith('off');
    await chain(engine);
    const outcome = await engine.complete(key, [{ id: 3, reason: 'x' }], {
      dependencies: 'enforce',
    });
    expect(!outcome.ok && outcome.issues[0]!.code).toBe('blocked');
  });

  it('refuses an unknown mode', () => {
    expect(() => new PlanEngine({ dependencies: 'strict' as DependencyMode })).toThrow(
      /dependencies must be one of off, warn, enforce/,
    );
  });
});

describe('blockedBy in todos_add and todos_remove', () => {
  it('lets added entries name existing ids and each other by content', async () => {
    const { engine } = engineWith();
    await chain(engine);
    const outcome = await engine.add(key, [
      { content: 'Announce', blockedBy: [3, 'Tag the release'] },
      { content: 'Tag the release', blockedBy: ['3'] },
    ]);
    expect(outcome.ok && outcome.facts.added.map((item) => item.blockedBy)).toEqual([
      ['3', '5'],
      ['3'],
    ]);
  });

  it('refuses a cycle among added entries, naming them by place', async () => {
    const { engine, stored } = engineWith();
    await chain(engine);
    const before = await stored();
    const outcome = await engine.add(key, [
      { content: 'A', blockedBy: ['B'] },
      { content: 'B', blockedBy: ['A'] },
    ]);
    expect(!outcome.ok && outcome.issues).toEqual([
      {
        code: 'dependency_cycle',
        path: ['todos', 0, 'blockedBy'],
        cycle: [
          { index: 0, content: 'A' },
          { index: 1, content: 'B' },
          { index: 0, content: 'A' },
        ],
      },
    ]);
    expect(await stored()).toBe(before);
  });

  it('removing a blocker takes it out of the others and says which items it unblocked', async () => {
    const { engine } = engineWith('enforce');
    await chain(engine);
    await engine.add(key, [{ content: 'Announce', blockedBy: [1, 2] }]);
    const outcome = await engine.remove(key, [1]);
    expect(outcome.ok && outcome.facts).toMatchObject({
      detached: [{ id: '1', from: ['2', '4'] }],
      unblocked: ['2'],
    });
    const items = (await engine.snapshot(key)).items;
    expect(items.map((item) => item.blockedBy)).toEqual([undefined, ['2'], ['2']]);
  });
});

describe('stored records', () => {
  it('decode blockedBy and refuse one that is not a list of ids', () => {
    const record = {
      format: 1,
      items: [{ id: '2', content: 'Build', status: 'pending', blockedBy: ['1'] }],
      nextId: 3,
      updatedAt: 1,
    };
    expect(decodeRecord('k', JSON.stringify(record)).items[0]!.blockedBy).toEqual(['1']);
    const bad = { ...record, items: [{ ...record.items[0], blockedBy: [1] }] };
    expect(() => decodeRecord('k', JSON.stringify(bad))).toThrow(PlanRecordError);
  });
});
