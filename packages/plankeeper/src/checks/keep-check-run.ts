/**
 * A run of the person's checks before an answer kept in the plan's history (a `host:check`
 * revision, see PlanEngine.recordCheck): the result that decided it, and whether the answer
 * went through while it failed. Every host that runs the checks keeps its runs so.
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { type CheckRun, decisiveResult } from './check-result.js';

export async function keepCheckRun(
  engine: PlanEngine,
  planKey: PlanKey,
  run: CheckRun,
  /** The answer was refused for it (else it went through). */
  refused: boolean,
): Promise<void> {
  const decisive = decisiveResult(run);
  if (decisive === undefined) return;
  await engine.recordCheck(planKey, {
    ...decisive,
    when: 'answer',
    ...(!run.ok && !refused && { letThrough: true as const }),
  });
}
