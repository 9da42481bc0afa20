/**
 * The stores the dashboard tests run against, and a wrapper for counting or failing
 * calls without touching the store's own code.
 */
import { MemoryPlanStore } from '../../src/engine/store/memory-store.js';
import type { PlanStore } from '../../src/engine/store/plan-store.js';

export interface StoreKind {
  name: string;
  open(): Promise<PlanStore>;
}

export const storeKinds: StoreKind[] = [
  { name: 'memory', open: async () => new MemoryPlanStore() },
];

/** A store that forwards every call to `inner`, except those in `overrides`. */
export function wrapStore(inner: PlanStore, overrides: Partial<PlanStore>): PlanStore {
  return {
    get: (key) => inner.get(key),
    compareAndSet: (key, expected, record, options) =>
      inner.compareAndSet(key, expected, record, options),
    delete: (key, options) => inner.delete(key, options),
    list: (filter) => inner.list(filter),
    history: (key, options) => inner.history(key, options),
    subscribe: (listener) => inner.subscribe(listener),
    close: () => inner.close(),
    ...overrides,
  };
}
