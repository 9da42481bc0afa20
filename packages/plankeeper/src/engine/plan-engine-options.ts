import type { EvidenceMode } from './evidence.js';
import type { PlanLimits } from './limits.js';
import type { DependencyMode } from './operations/dependencies.js';
import type { DropPolicy } from './operations/write-plan.js';
import type { PlanStore } from './store/plan-store.js';

export interface PlanEngineOptions {
  /** Where plans live. Default: a new in-memory store. */
  store?: PlanStore;
  limits?: Partial<PlanLimits>;
  /** Forget a plan this long after its last write (one that changed it). Default: never. */
  ttlMs?: number;
  /** What a `todo_write` that leaves out open items does. Default `report`. */
  dropPolicy?: DropPolicy;
  /**
   * How `blockedBy` constrains order: `enforce` refuses starting or completing an item
   * while a blocker is open, `warn` lets it through and says so, `off` only records it.
   * Default `warn`. A call can override it (OperationMeta.dependencies).
   */
  dependencies?: DependencyMode;
  now?: () => number;
  /** Compare-and-set attempts (of plans and of turn states) before giving up under contention. Default 100. */
  maxAttempts?: number;
  /**
   * Plans kept from the last read or write, so the next operation on them skips its read
   * (stores with epochs only). Default 1000, or 0 with a MemoryPlanStore, whose read is a
   * copy from a Map and so costs no more than holding would; 0 reads before every write.
   */
  recentPlans?: number;
  /**
   * The evidence rule for writes whose gate names none (see evidence.ts). Default `off`.
   * Under `enforce`, a write with no gate has no calls to show, so it completes nothing.
   * A person's change (editAsPerson) is never subject to it.
   */
  evidence?: EvidenceMode;
}
