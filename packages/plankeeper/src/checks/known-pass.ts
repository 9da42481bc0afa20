/**
 * A pass the plan's history already holds for the workspace as it is: the person's check
 * passed at a completion (evidenceFrom: 'checks', a `--verify` completion) on this very
 * fingerprint, so the answer after it need not run the check again.
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { CheckRun } from './check-result.js';

export async function knownPass(
  engine: PlanEngine,
  planKey: PlanKey,
  workspace: string,
): Promise<CheckRun | undefined> {
  const last = (await engine.store.get(planKey))?.record.lastCheck;
  if (last?.outcome !== 'passed' || last.workspace !== workspace) return undefined;
  return { ok: true, results: [last] };
}
