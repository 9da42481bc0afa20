/**
 * `plankeeper/stores/plan-file`: a plan kept in the repository as a Markdown checklist
 * that people edit in any editor and agents edit through the tools. Every session shares
 * it (a shared list named for the file's path in its project); the revision history, turn state and evidence
 * stay in a normal store beside it, by default SQLite under `.plankeeper/`.
 *
 * @example
 * import { openPlanFileStore } from 'plankeeper/stores/plan-file';
 * const store = await openPlanFileStore('PLAN.md');
 * const engine = new PlanEngine({ store });
 * await engine.add(store.key, [{ content: 'Write the migration' }]); // PLAN.md: - [ ] #1 Write the migration
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { PlanKey } from '../../engine/plan-key.js';
import { sharedListKey } from '../../engine/shared-list.js';
import type { PlanStore } from '../../engine/store/plan-store.js';
import { openStore } from '../open-store.js';
import { planFileListName } from './plan-file-key.js';
import { PlanFileStore } from './plan-file-store.js';

export { groupDigits } from '../../engine/group-digits.js';
export { PlanFileError } from './plan-file-error.js';
export {
  type ParsedPlanFile,
  type PlanFileBlock,
  type PlanFileItem,
  type PlanFileText,
  parsePlanFile,
  renderPlanFile,
  unreadLines,
} from './plan-file-format.js';
export { planFileListName } from './plan-file-key.js';
export { PLAN_FILE_MAX_BYTES, PLAN_FILE_MAX_ITEMS } from './plan-file-limits.js';
export {
  PLAN_FILE_STATE_AGENT,
  PlanFileStore,
  type PlanFileStoreOptions,
} from './plan-file-store.js';

export interface OpenPlanFileOptions {
  /**
   * The store beside the file: a store, or a store URL. Default: SQLite at
   * `.plankeeper/plans.db` in the file's folder.
   */
  store?: PlanStore | string;
  /** How long a writer waits for another's lock. Default 5000 ms. */
  lockTimeoutMs?: number;
  /**
   * A lock its holder has not touched for this long is broken (a holder in another PID
   * namespace or on another machine is judged by this alone). Default 30 000 ms.
   */
  lockStaleMs?: number;
}

/**
 * The shared list a plan file is, named for its path in its project (see plan-file-key.ts):
 * `plankeeper todos --plan-file PLAN.md` shows it.
 */
export function planFileKey(path: string): PlanKey {
  return sharedListKey(planFileListName(path));
}

/** Opens the plan file at `path` over its store (see {@link OpenPlanFileOptions}). */
export async function openPlanFileStore(
  path: string,
  options: OpenPlanFileOptions = {},
): Promise<PlanFileStore> {
  const file = resolve(path);
  const beside = join(dirname(file), '.plankeeper');
  const store =
    typeof options.store === 'object'
      ? options.store
      : await openStore(options.store ?? `sqlite:${join(beside, 'plans.db')}`);
  return new PlanFileStore({
    path: file,
    store,
    key: planFileKey(file),
    lockPath: join(beside, `${basename(file)}.lock`),
    ...(options.lockTimeoutMs !== undefined && { lockTimeoutMs: options.lockTimeoutMs }),
    ...(options.lockStaleMs !== undefined && { lockStaleMs: options.lockStaleMs }),
  });
}
