import type { OperationOutcome, PlanEngine, PlanKey } from 'plankeeper';

export declare const BASE_TIME: number;
export declare const clock: { now: number };
export declare function applyStep(
  engine: PlanEngine,
  key: PlanKey,
  version: number,
): Promise<OperationOutcome<unknown>>;
