/**
 * A plan file as the coding agents' hooks and the CLI's `--plan-file` see it: the plan kept
 * in a Markdown checklist in the repository (plankeeper/stores/plan-file), shared by every
 * session as the list named for the file's path in its project, over the store already open.
 */
import type { PlanStore } from 'plankeeper';
import { type PlanFileStore, planFileKey } from 'plankeeper/stores/plan-file';

/** The shared list a plan file is (`plankeeper todos --list NAME` shows it too). */
export function planFileList(path: string): string {
  return planFileKey(path).session;
}

/** `store` with the plan of `path` kept in that file (loaded on first use: hooks start fast). */
export async function withPlanFile(
  store: PlanStore,
  path: string,
  options: { lockTimeoutMs?: number } = {},
): Promise<PlanFileStore> {
  const { openPlanFileStore } = await import('plankeeper/stores/plan-file');
  return openPlanFileStore(path, { store, ...options });
}
