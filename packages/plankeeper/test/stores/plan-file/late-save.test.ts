/**
 * A person's save into the file an agent's write just replaced: the editor opened the file
 * a moment before the rename and writes its save in place, into the file the rename took
 * away. A box ticked (`[ ]` to `[x]`) leaves the size as it was, and the save lands within
 * the same clock tick, so only the text tells it from the file that was read. The save is
 * replayed on the new plan, not lost.
 */
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine, type PlanKey } from 'plankeeper';
import {
  type CompareAndSetResult,
  type CompareAndSetStateResult,
  MemoryPlanStore,
  type PlanRecord,
  type StateWriteOptions,
  type WriteOptions,
} from 'plankeeper/stores';
import { openPlanFileStore } from 'plankeeper/stores/plan-file';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-late-'));
  file = join(dir, 'PLAN.md');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The store beside the file, with an editor in the gaps of the next plan write: it opens
 * the file as that write begins (before the rename) and saves `saved` into what it opened
 * once the write is committed (after the rename), as the store records what it wrote.
 */
class EditorAtTheRename extends MemoryPlanStore {
  private armed: { key: string; saved: string } | undefined;
  private opened: number | undefined;

  arm(key: PlanKey, saved: string): void {
    this.armed = { key: JSON.stringify(key), saved };
  }

  override compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options?: WriteOptions,
  ): Promise<CompareAndSetResult> {
    if (this.armed?.key === JSON.stringify(key) && this.opened === undefined)
      this.opened = openSync(file, 'r+');
    return super.compareAndSet(key, expectedVersion, record, options);
  }

  override compareAndSetState(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options?: StateWriteOptions,
  ): Promise<CompareAndSetStateResult> {
    if (this.armed && this.opened !== undefined) {
      writeSync(this.opened, this.armed.saved, 0);
      closeSync(this.opened);
      this.armed = undefined;
      this.opened = undefined;
    }
    return super.compareAndSetState(key, expectedVersion, state, options);
  }
}

describe('a save into the file a rename just replaced', () => {
  it('is kept when it has the same size (a box ticked in place)', async () => {
    const read = '# Plan\n\n- [ ] #1 Write tests\n';
    const ticked = '# Plan\n\n- [x] #1 Write tests\n';
    expect(Buffer.byteLength(ticked)).toBe(Buffer.byteLength(read));
    writeFileSync(file, read);
    const inner = new EditorAtTheRename();
    const store = await openPlanFileStore(file, { store: inner });
    const engine = new PlanEngine({ store });
    try {
      await engine.snapshot(store.key);
      inner.arm(store.key, ticked);
      await engine.add(store.key, [{ content: 'Ship it' }]);

      expect((await engine.snapshot(store.key)).items).toMatchObject([
        { id: '1', content: 'Write tests', status: 'completed' },
        { id: '2', content: 'Ship it', status: 'pending' },
      ]);
      expect(readFileSync(file, 'utf8')).toBe('# Plan\n\n- [x] #1 Write tests\n- [ ] #2 Ship it\n');
    } finally {
      await store.close();
    }
  });
});
