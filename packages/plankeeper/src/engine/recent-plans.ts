/**
 * The plans an engine last read or wrote, so the next operation on one can write on top
 * of it without reading it again: one store round trip per operation instead of two.
 * Only plans with an epoch are kept, because the write then carries both version and
 * epoch and the store refuses it if anything was written since — even by another process,
 * even after a delete and re-creation that brought the version back to the same number.
 *
 * Records are copied in and out: callers own the records they pass and receive, and a
 * change to one must never reach a later write.
 */
import type { VersionedPlan } from './store/plan-store.js';
import { copyRecord } from './todo-item.js';

export type KnownPlan = VersionedPlan & { epoch: string };

export class RecentPlans {
  /** Insertion order is recency: a hit is moved to the end, the oldest entry goes first. */
  private readonly plans = new Map<string, KnownPlan>();

  constructor(private readonly capacity: number) {}

  get(name: string): KnownPlan | undefined {
    const plan = this.plans.get(name);
    if (!plan) return undefined;
    this.plans.delete(name);
    this.plans.set(name, plan);
    return { ...plan, record: copyRecord(plan.record) };
  }

  /** Remembers `plan` when it has an epoch; forgets the key otherwise. */
  set(name: string, plan: VersionedPlan | undefined): void {
    this.plans.delete(name);
    if (this.capacity <= 0 || plan?.epoch === undefined) return;
    this.plans.set(name, {
      version: plan.version,
      epoch: plan.epoch,
      record: copyRecord(plan.record),
    });
    if (this.plans.size > this.capacity) {
      this.plans.delete(this.plans.keys().next().value as string);
    }
  }

  delete(name: string): void {
    this.plans.delete(name);
  }
}
