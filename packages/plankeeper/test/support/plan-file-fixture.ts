/**
 * One plan file per test: a fresh folder with its PLAN.md path, and the stores a test opens
 * on it closed (and the folder removed) after it. Registers its own beforeEach/afterEach.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine, type PlanEngineOptions } from 'plankeeper';
import { openPlanFileStore, type PlanFileStore } from 'plankeeper/stores/plan-file';
import { afterEach, beforeEach } from 'vitest';

export function planFileFixture(
  prefix: string,
  /** Told the test's folder and file before each test. */
  at: (paths: { dir: string; file: string }) => void,
  engineOptions: Omit<PlanEngineOptions, 'store'> = {},
): (
  options?: Omit<PlanEngineOptions, 'store'>,
) => Promise<{ store: PlanFileStore; engine: PlanEngine }> {
  let dir = '';
  let file = '';
  const opened: PlanFileStore[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    file = join(dir, 'PLAN.md');
    at({ dir, file });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  // `options`, given, stands for the fixture's engine options in that one test.
  return async (options = engineOptions) => {
    const store = await openPlanFileStore(file);
    opened.push(store);
    return { store, engine: new PlanEngine({ store, ...options }) };
  };
}
