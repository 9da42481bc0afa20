/**
 * A plan kept in a Markdown file (`plankeeper/stores/plan-file`), driven through the
 * engine as every host drives it: the model's writes land in the file, a person's edit in
 * the file becomes a person's revision the model is told of, a write from an older read
 * keeps that edit, and a merge of two branches that each added a `#7` is renumbered.
 */
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLocale, PlanEngine } from 'plankeeper';
import { describePersonChanges } from 'plankeeper/harness';
import { MemoryPlanStore } from 'plankeeper/stores';
import { openPlanFileStore, type PlanFileStore } from 'plankeeper/stores/plan-file';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let dir: string;
let file: string;
const opened: PlanFileStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-'));
  file = join(dir, 'PLAN.md');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<{ store: PlanFileStore; engine: PlanEngine }> {
  const store = await openPlanFileStore(file);
  opened.push(store);
  return { store, engine: new PlanEngine({ store }) };
}

const read = () => readFileSync(file, 'utf8');

async function noticeSince(engine: PlanEngine, store: PlanFileStore, seen: number) {
  const snapshot = await engine.snapshot(store.key);
  const revisions = (await engine.history(store.key)).filter((each) => each.version > seen);
  return {
    snapshot,
    en: describePersonChanges(revisions, getLocale('en')),
    zh: describePersonChanges(revisions, getLocale('zh')),
  };
}

describe('a plan file', () => {
  it("holds the model's writes as a checklist, and keeps the history beside it", async () => {
    const { store, engine } = await open();
    await engine.write(store.key, [
      { content: 'Write the migration', status: 'in_progress' },
      { content: 'Backfill the column', status: 'pending', blockedBy: [] },
    ]);
    await engine.complete(store.key, [{ id: '1', reason: 'ran it on a copy' }]);
    expect(read()).toBe(
      [
        '# Plan',
        '',
        '- [x] #1 Write the migration',
        '  - note: ran it on a copy',
        '- [ ] #2 Backfill the column',
        '',
      ].join('\n'),
    );
    expect((await engine.history(store.key)).map((each) => each.source.tool)).toEqual([
      'todo_write',
      'todos_complete',
    ]);
    expect(statSync(join(dir, '.plankeeper', 'plans.db')).isFile()).toBe(true);
  });

  it("turns a person's edit into person revisions the model is told of, and numbers a new line", async () => {
    const { store, engine } = await open();
    await engine.write(store.key, [
      { content: 'Write the migration', status: 'pending' },
      { content: 'Backfill the column', status: 'pending' },
      { content: 'Drop the old table', status: 'pending' },
    ]);
    const seen = (await engine.snapshot(store.key)).version;
    writeFileSync(
      file,
      [
        '# Plan',
        '',
        '- [x] #1 Write the migration',
        '- [ ] #2 Backfill the new column in batches',
        'Ask Ana before dropping anything.',
        '- [ ] Add an index',
        '',
      ].join('\n'),
    );
    const { snapshot, en, zh } = await noticeSince(engine, store, seen);
    expect(snapshot.items.map(({ id, content, status }) => [id, content, status])).toEqual([
      ['1', 'Write the migration', 'completed'],
      ['2', 'Backfill the new column in batches', 'pending'],
      ['4', 'Add an index', 'pending'],
    ]);
    expect(en).toMatchInlineSnapshot(`
      "Changed by a person: removed #3; added #4 after #2; completed #1; edited #2
      Lines in the plan file that are not items, kept as they are: line 5: "Ask Ana before dropping anything.""
    `);
    expect(zh).toMatchInlineSnapshot(`
      "由人员修改：删除了 #3；添加了 #4（在 #2 之后）；完成了 #1；改写了 #2
      计划文件中不是事项的行，已原样保留：第 5 行："Ask Ana before dropping anything.""
    `);
    // The new line got its id in the file; the prose stayed where it was.
    expect(read()).toContain('Ask Ana before dropping anything.\n- [ ] #4 Add an index\n');
  });

  it("keeps a person's edit against a whole-list write from an older read", async () => {
    const { store, engine } = await open();
    const first = await engine.write(store.key, [
      { content: 'Write the migration', status: 'in_progress' },
      { content: 'Backfill the column', status: 'pending' },
    ]);
    const basedOn = first.snapshot.version;
    writeFileSync(file, read().replace('- [ ] #2', '- [-] #2'));
    const stale = await engine.write(
      store.key,
      [
        { id: '1', content: 'Write the migration', status: 'completed' },
        { id: '2', content: 'Backfill the column', status: 'in_progress' },
      ],
      { basedOn },
    );
    expect(stale.ok).toBe(true);
    expect(stale.snapshot.items.map((item) => item.status)).toEqual(['completed', 'cancelled']);
    expect(read()).toContain('- [-] #2 Backfill the column');
  });

  it("keeps a person's description and blocker against a whole-list write from an older read, and the writer's own change beside them", async () => {
    const { store, engine } = await open();
    const first = await engine.write(store.key, [
      { content: 'Write the migration', status: 'in_progress' },
      { content: 'Backfill the column', status: 'pending', description: 'all rows at once' },
    ]);
    const basedOn = first.snapshot.version;
    writeFileSync(
      file,
      read().replace('  - all rows at once', '  - after #1\n  - in batches of 10,000 rows'),
    );
    const stale = await engine.write(
      store.key,
      [
        { id: '1', content: 'Write the migration', status: 'completed' },
        {
          id: '2',
          content: 'Backfill the column',
          status: 'pending',
          description: 'all rows at once',
          blockedBy: [],
          activeForm: 'Backfilling',
        },
      ],
      { basedOn },
    );
    expect(stale.ok).toBe(true);
    const second = stale.snapshot.items[1];
    expect(second).toMatchObject({
      description: 'in batches of 10,000 rows',
      blockedBy: ['1'],
      activeForm: 'Backfilling',
    });
    expect(read()).toContain('  - after #1\n  - in batches of 10,000 rows');
  });

  it('renumbers a second #7 after a merge of two branches, and says so', async () => {
    const { store, engine } = await open();
    await engine.write(
      store.key,
      Array.from({ length: 7 }, (_, index) => ({
        content: `Step ${index + 1}`,
        status: 'pending' as const,
      })),
    );
    const seen = (await engine.snapshot(store.key)).version;
    // Branch A had #7 "Step 7" (this clone's); branch B added its own #7; git merged both lines.
    writeFileSync(
      file,
      read().replace('- [ ] #7 Step 7\n', '- [ ] #7 Step 7\n- [ ] #7 Write the changelog\n'),
    );
    const { snapshot, en, zh } = await noticeSince(engine, store, seen);
    expect(snapshot.items.slice(-2).map((item) => `${item.id} ${item.content}`)).toEqual([
      '7 Step 7',
      '8 Write the changelog',
    ]);
    expect(en).toBe('Changed by a person: added #8 after #7 (a second #7, renumbered)');
    expect(zh).toBe('由人员修改：添加了 #8（在 #7 之后）（原为第二个 #7，已重新编号）');
    expect(read()).toContain('- [ ] #7 Step 7\n- [ ] #8 Write the changelog\n');
  });

  it("takes a fresh clone's file as the plan, with its ids", async () => {
    writeFileSync(
      file,
      '# Plan\r\n\r\n- [x] #3 已完成的步骤\r\n- [ ] #5 下一步\r\n- [ ] 新的一行\r\n',
    );
    const { store, engine } = await open();
    const snapshot = await engine.snapshot(store.key);
    expect(snapshot.items.map((item) => `${item.id} ${item.status} ${item.content}`)).toEqual([
      '3 completed 已完成的步骤',
      '5 pending 下一步',
      '6 pending 新的一行',
    ]);
    expect(read()).toBe(
      '# Plan\r\n\r\n- [x] #3 已完成的步骤\r\n- [ ] #5 下一步\r\n- [ ] #6 新的一行\r\n',
    );
    await engine.add(store.key, [{ content: '再加一步' }]);
    expect(read()).toBe(
      '# Plan\r\n\r\n- [x] #3 已完成的步骤\r\n- [ ] #5 下一步\r\n- [ ] #6 新的一行\r\n- [ ] #7 再加一步\r\n',
    );
  });

  it('writes through a symlink and keeps the file mode', async () => {
    const real = join(dir, 'docs-plan.md');
    writeFileSync(real, '# Plan\n\n- [ ] #1 One\n');
    chmodSync(real, 0o640);
    symlinkSync(real, file);
    const { store, engine } = await open();
    await engine.complete(store.key, [{ id: '1', reason: 'done' }]);
    expect(readFileSync(real, 'utf8')).toContain('- [x] #1 One');
    expect(statSync(real).mode & 0o777).toBe(0o640);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(real, 'utf8'));
  });

  it('names lines that are no items once, and writes a change made to the store directly into the file', async () => {
    const inner = new MemoryPlanStore();
    const store = await openPlanFileStore(file, { store: inner });
    opened.push(store);
    const engine = new PlanEngine({ store });
    await engine.add(store.key, [{ content: 'One' }]);
    writeFileSync(file, `${read()}Prose a person wrote.\n`);
    const first = await noticeSince(engine, store, 1);
    expect(first.en).toBe(
      'Lines in the plan file that are not items, kept as they are: line 4: "Prose a person wrote."',
    );
    await engine.add(store.key, [{ content: 'Two' }]);
    const seen = first.snapshot.version;
    expect((await noticeSince(engine, store, seen + 1)).en).toBeUndefined();
    // The dashboard writes to the store it wraps, not the file: the next read writes it there.
    const current = (await inner.get(store.key))!;
    await new PlanEngine({ store: inner }).editAsPerson(store.key, { kind: 'done', id: '2' });
    expect(current.version).toBeLessThan((await inner.get(store.key))!.version);
    await engine.snapshot(store.key);
    expect(read()).toBe('# Plan\n\n- [ ] #1 One\n- [x] #2 Two\nProse a person wrote.\n');
  });

  it('passes every other key to the store it wraps', async () => {
    const inner = new MemoryPlanStore();
    const store = await openPlanFileStore(file, { store: inner });
    opened.push(store);
    const engine = new PlanEngine({ store });
    const other = { agent: 'mcp', session: 's1' };
    await engine.add(other, [{ content: 'elsewhere' }]);
    expect((await inner.get(other))?.record.items[0]?.content).toBe('elsewhere');
    expect(() => readFileSync(file)).toThrow();
  });
});
