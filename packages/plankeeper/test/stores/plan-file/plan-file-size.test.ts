/**
 * A plan file's size: a person's save is one revision however many lines it changed, a file
 * at the stated limit is read whole, and a file past it is refused in one line that names
 * the limit, leaving the file as it was.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { getLocale } from 'plankeeper';
import { describePersonChanges } from 'plankeeper/harness';
import {
  PLAN_FILE_MAX_BYTES,
  PLAN_FILE_MAX_ITEMS,
  PlanFileError,
} from 'plankeeper/stores/plan-file';
import { describe, expect, it } from 'vitest';
import { planFileFixture } from '../../support/plan-file-fixture.js';

let file: string;
const open = planFileFixture(
  'plankeeper-plan-file-size-',
  (at) => {
    file = at.file;
  },
  { limits: { maxItems: PLAN_FILE_MAX_ITEMS } },
);

const lines = (count: number, text: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => `${text(index + 1)}\n`).join('');

/** The error `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(PlanFileError.isInstance(error), String(error)).toBe(true);
  return error as Error;
}

describe('a plan file of many lines', () => {
  it('takes a save of 2,000 pasted lines in as one revision that names each change', async () => {
    const { store, engine } = await open();
    await engine.add(store.key, [{ content: 'Write the migration' }]);
    const before = (await engine.history(store.key)).length;
    const pasted = lines(2000, (index) => `- [ ] Pasted step ${index}`);
    writeFileSync(file, `${readFileSync(file, 'utf8')}${pasted}`);

    const snapshot = await engine.snapshot(store.key);
    expect(snapshot.items).toHaveLength(2001);
    expect(snapshot.items.at(-1)).toMatchObject({ id: '2001', content: 'Pasted step 2000' });
    const history = await engine.history(store.key);
    expect(history).toHaveLength(before + 1);
    const save = history.at(-1)!;
    expect(save.source).toMatchObject({ by: 'person', tool: 'person:plan-file' });
    expect(save.source.edits).toHaveLength(2000);
    expect(save.source.summary).toBe(
      'added #2 after #1; added #3 after #2; added #4 after #3 and 1997 more',
    );
    // The model hears of every added line, from the one revision.
    expect(describePersonChanges([save], getLocale('en'))).toContain('#2001');
    expect(readFileSync(file, 'utf8')).toContain('- [ ] #2001 Pasted step 2000\n');
  });

  it('reads a file at the item limit whole', { timeout: 60_000 }, async () => {
    writeFileSync(
      file,
      lines(PLAN_FILE_MAX_ITEMS, (index) => `- [ ] Step ${index}`),
    );
    const { store, engine } = await open();
    const snapshot = await engine.snapshot(store.key);
    expect(snapshot.items).toHaveLength(PLAN_FILE_MAX_ITEMS);
    expect(readFileSync(file, 'utf8')).toContain(`- [ ] #${PLAN_FILE_MAX_ITEMS} Step 10000\n`);
  });

  it('refuses a file of one item too many in one line, and leaves it as it was', async () => {
    const text = lines(PLAN_FILE_MAX_ITEMS + 1, (index) => `- [ ] Step ${index}`);
    writeFileSync(file, text);
    const { store, engine } = await open();
    const error = await refusal(engine.snapshot(store.key));
    expect(error.message).toBe(
      `${file} has 10,001 items; a plan file holds at most 10,000. Move finished items out of it, or split it into two files.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a file over 1 MiB before reading it, and leaves it as it was', async () => {
    const text = `# Plan\n\n${'x'.repeat(PLAN_FILE_MAX_BYTES)}\n`;
    writeFileSync(file, text);
    const { store, engine } = await open();
    const error = await refusal(engine.snapshot(store.key));
    expect(error.message).toBe(
      `${file} is 1,048,585 bytes; a plan file holds at most 1,048,576 bytes (1 MiB). Move finished items out of it, or split it into two files.`,
    );
    expect(error.message).not.toContain('\n');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a write that would take the file past the item limit, writing nothing', async () => {
    writeFileSync(
      file,
      lines(PLAN_FILE_MAX_ITEMS, (index) => `- [ ] Step ${index}`),
    );
    const { store, engine } = await open({ limits: { maxItems: PLAN_FILE_MAX_ITEMS + 1 } });
    await engine.snapshot(store.key);
    const text = readFileSync(file, 'utf8');
    const error = await refusal(engine.add(store.key, [{ content: 'One more' }]));
    expect(error.message).toContain('has 10,001 items; a plan file holds at most 10,000.');
    expect(readFileSync(file, 'utf8')).toBe(text);
  }, 60_000);
});
