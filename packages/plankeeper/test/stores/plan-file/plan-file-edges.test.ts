/**
 * Plan files plankeeper will not write as they are: one made read-only, one not in UTF-8,
 * and one mid-merge.
 * Each is refused in one line that says what to do, and the file is left byte for byte.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { PlanFileError } from 'plankeeper/stores/plan-file';
import { describe, expect, it } from 'vitest';
import { planFileFixture } from '../../support/plan-file-fixture.js';

let file: string;
const open = planFileFixture('plankeeper-plan-file-edges-', (at) => {
  file = at.file;
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(PlanFileError.isInstance(error), String(error)).toBe(true);
  return (error as Error).message;
}

describe('a plan file plankeeper must not write', () => {
  it('is read-only (0444): read, never replaced, and the write says so', async () => {
    const text = '# Plan\n\n- [ ] #1 Tag the release\n';
    writeFileSync(file, text);
    chmodSync(file, 0o444);
    const { store, engine } = await open();
    expect((await engine.snapshot(store.key)).items).toMatchObject([
      { id: '1', content: 'Tag the release' },
    ]);
    const message = await refusal(engine.add(store.key, [{ content: 'Announce' }]));
    expect(message).toBe(
      `${file} is read-only; make it writable (chmod u+w) for plankeeper to write the plan.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('is not UTF-8 (Latin-1 prose): refused, never rewritten with U+FFFD', async () => {
    const bytes = Buffer.from('# Plan\n\nCaf\xe9 au lait.\n- [ ] Tag the release\n', 'latin1');
    writeFileSync(file, bytes);
    const { store, engine } = await open();
    expect(await refusal(engine.snapshot(store.key))).toBe(
      `${file} is not UTF-8; save it as UTF-8, then plankeeper reads it again.`,
    );
    await refusal(engine.add(store.key, [{ content: 'Announce' }]));
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('is mid-merge: no id is written inside the conflict until it is resolved', async () => {
    writeFileSync(file, '# Plan\n\n- [ ] #1 Tag the release\n');
    const { store, engine } = await open();
    await engine.snapshot(store.key);
    const conflicted =
      '# Plan\n\n- [ ] #1 Tag the release\n<<<<<<< HEAD\n- [ ] Announce on the blog\n=======\n- [ ] Announce on the list\n>>>>>>> feature\n';
    writeFileSync(file, conflicted);
    const message = await refusal(engine.snapshot(store.key));
    expect(message).toBe(
      `${file} has an unresolved merge conflict (line 4); resolve it and save, then plankeeper reads the file again.`,
    );
    await refusal(engine.add(store.key, [{ content: 'Write the notes' }]));
    expect(readFileSync(file, 'utf8')).toBe(conflicted);

    writeFileSync(file, '# Plan\n\n- [ ] #1 Tag the release\n- [ ] Announce on the blog\n');
    expect((await engine.snapshot(store.key)).items.map((item) => item.id)).toEqual(['1', '2']);
    expect(readFileSync(file, 'utf8')).toContain('- [ ] #2 Announce on the blog\n');
  });
});

describe('a plan file with one CRLF line', () => {
  it('is not rewritten as CRLF by a plain read', async () => {
    writeFileSync(file, '# Plan\n\n- [ ] #1 Tag\r\n- [ ] Announce\n- [ ] Ship\n');
    const { store, engine } = await open();
    await engine.snapshot(store.key);
    expect(readFileSync(file, 'utf8')).toBe(
      '# Plan\n\n- [ ] #1 Tag\n- [ ] #2 Announce\n- [ ] #3 Ship\n',
    );
  });
});
