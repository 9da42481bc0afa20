/**
 * Two clones of one repository each add a step to PLAN.md through their own store (each
 * clone keeps its own `.plankeeper/`, ignored by git), both as `#7`; git merges the two
 * branches without a conflict. On the next read the merged file's second `#7` gets the
 * next id, the file is written again with it, and the model is told.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLocale, PlanEngine, type PlanKey, type TodoStatus } from 'plankeeper';
import { describePersonChanges } from 'plankeeper/harness';
import { openPlanFileStore } from 'plankeeper/stores/plan-file';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-merge-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ana',
      GIT_AUTHOR_EMAIL: 'ana@example.com',
      GIT_COMMITTER_NAME: 'Ana',
      GIT_COMMITTER_EMAIL: 'ana@example.com',
    },
  });

/** Runs `work` on the clone's plan file through its own store, then commits the file. */
async function inClone(
  dir: string,
  message: string,
  work: (engine: PlanEngine, key: PlanKey) => Promise<unknown>,
) {
  const store = await openPlanFileStore(join(dir, 'PLAN.md'));
  try {
    await work(new PlanEngine({ store }), store.key);
  } finally {
    await store.close();
  }
  git(dir, 'commit', '-qam', message);
}

describe('a plan file merged from two branches', () => {
  it('renumbers the second #7 on the next read, writes it into the file and says so', async () => {
    const main = join(root, 'main');
    const other = join(root, 'other');
    execFileSync('git', ['init', '-q', '-b', 'main', main]);
    writeFileSync(join(main, '.gitignore'), '.plankeeper/\n');
    writeFileSync(join(main, 'PLAN.md'), '# Plan\n');
    git(main, 'add', '.');
    git(main, 'commit', '-qm', 'plan');
    await inClone(main, 'six steps', (engine, key) =>
      engine.add(
        key,
        Array.from({ length: 6 }, (_, index) => ({ content: `Step ${index + 1}` })),
      ),
    );
    execFileSync('git', ['clone', '-q', main, other]);

    // Here, #7 goes after #2; in the other clone, its own #7 goes at the end.
    await inClone(main, 'changelog', async (engine, key) => {
      const plan = await engine.snapshot(key);
      const items: { id?: string; content: string; status: TodoStatus }[] = plan.items.map(
        ({ id, content, status }) => ({ id, content, status }),
      );
      items.splice(2, 0, { content: 'Write the changelog', status: 'pending' });
      return engine.write(key, items);
    });
    await inClone(other, 'docs', (engine, key) =>
      engine.add(key, [{ content: 'Update the docs' }]),
    );
    git(main, 'pull', '-q', '--no-rebase', '--no-edit', other, 'main');
    const merged = readFileSync(join(main, 'PLAN.md'), 'utf8');
    expect(merged.match(/#7 /g)).toHaveLength(2);

    const store = await openPlanFileStore(join(main, 'PLAN.md'));
    try {
      const engine = new PlanEngine({ store });
      const seen = (await store.history(store.key)).at(-1)!.version;
      const plan = await engine.snapshot(store.key);
      expect(plan.items.map((item) => `${item.id} ${item.content}`)).toEqual([
        '1 Step 1',
        '2 Step 2',
        '7 Write the changelog',
        '3 Step 3',
        '4 Step 4',
        '5 Step 5',
        '6 Step 6',
        '8 Update the docs',
      ]);
      const news = (await store.history(store.key)).filter((each) => each.version > seen);
      expect(describePersonChanges(news, getLocale('en'))).toBe(
        'Changed by a person: added #8 after #6 (a second #7, renumbered)',
      );
      expect(readFileSync(join(main, 'PLAN.md'), 'utf8')).toBe(
        merged.replace('- [ ] #7 Update the docs', '- [ ] #8 Update the docs'),
      );
    } finally {
      await store.close();
    }
  });
});
