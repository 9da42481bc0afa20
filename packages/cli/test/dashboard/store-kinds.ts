/**
 * The stores the dashboard tests run against, and a wrapper for counting or failing
 * calls without touching the store's own code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanStore } from 'plankeeper';
import { MemoryPlanStore } from 'plankeeper';
import { openStore } from 'plankeeper/stores';

export interface StoreKind {
  name: string;
  open(): Promise<PlanStore>;
}

const folders: string[] = [];

/** Removes the temporary folders of the SQLite stores opened so far (call after closing them). */
export function removeStoreFiles(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export const storeKinds: StoreKind[] = [
  { name: 'memory', open: async () => new MemoryPlanStore() },
  {
    // A file in a fresh temporary folder per store, opened the way the CLI opens it.
    name: 'sqlite',
    open: () => {
      const folder = mkdtempSync(join(tmpdir(), 'plankeeper-dashboard-'));
      folders.push(folder);
      return openStore(`sqlite:${join(folder, 'plans.db')}`);
    },
  },
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
