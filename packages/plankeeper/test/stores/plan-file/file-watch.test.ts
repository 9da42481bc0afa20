/**
 * A plan file store watches its file while anyone subscribes: a person's save is read in as
 * it lands and every subscriber hears of it, with no read or write in between. The watch
 * ends with the last subscriber and with the store; a file deleted and left so is not
 * written back under the person's hands.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { PlanChange } from 'plankeeper/stores';
import { sleep, waitFor } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { planFileFixture } from '../../support/plan-file-fixture.js';

let file: string;
const open = planFileFixture('plankeeper-plan-file-watch-', (at) => {
  file = at.file;
});

const WRITTEN = '# Plan\n\n- [ ] #1 Write the migration\n';
/** Longer than the watch waits for a burst to end, with room for a slow machine. */
const QUIET = 600;

async function watched() {
  const { store, engine } = await open();
  await engine.add(store.key, [{ content: 'Write the migration' }]);
  expect(readFileSync(file, 'utf8')).toBe(WRITTEN);
  const changes: PlanChange[] = [];
  const unsubscribe = await store.subscribe((change) => changes.push(change));
  return { store, engine, changes, unsubscribe };
}

describe('a plan file store, subscribed', () => {
  it("hears of a person's save by rename as it lands, and numbers the new line", async () => {
    const { changes } = await watched();
    writeFileSync(`${file}.new`, `${WRITTEN.replace('[ ]', '[x]')}- [ ] Backfill the column\n`);
    renameSync(`${file}.new`, file);
    await waitFor(() => changes.length > 0, "the change for the person's save", 5000);
    expect(changes[0]?.source).toMatchObject({ by: 'person' });
    await waitFor(
      () => readFileSync(file, 'utf8').includes('- [ ] #2 Backfill the column'),
      'the new line numbered in the file',
      5000,
    );
  });

  it('stops watching when the last subscriber leaves', async () => {
    const { changes, unsubscribe, store, engine } = await watched();
    unsubscribe();
    writeFileSync(file, WRITTEN.replace('[ ]', '[x]'));
    await sleep(QUIET);
    expect(changes).toEqual([]);
    // Not read in yet: the next read takes it, as without a watch.
    const history = await store.history(store.key);
    expect(history[0]?.source.by).toBeUndefined();
    expect((await engine.snapshot(store.key)).items[0]?.status).toBe('completed');
  });

  it('stops watching when the store is closed', async () => {
    const { changes, store } = await watched();
    await store.close();
    writeFileSync(file, WRITTEN.replace('[ ]', '[x]'));
    await sleep(QUIET);
    expect(changes).toEqual([]);
  });

  it('leaves a deleted file deleted until the next call', async () => {
    const { changes } = await watched();
    rmSync(file);
    await sleep(QUIET);
    expect(existsSync(file)).toBe(false);
    expect(changes).toEqual([]);
  });
});
