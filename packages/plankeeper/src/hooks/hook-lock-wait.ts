/**
 * How long a hook waits for another process's lock on the store. Another hook or the MCP
 * server holds it for milliseconds; a lock held longer is someone stuck, and the hook answers
 * neutrally rather than keep the agent waiting (fail-open.ts).
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanStore } from '../engine/store/plan-store.js';

/** The longest one store call of a hook waits for another process's lock. */
export const HOOK_LOCK_WAIT_MS = 1000;

/**
 * `store` as a hook inside a long-lived process uses it: each call waits for a lock at most
 * HOOK_LOCK_WAIT_MS without holding the process (PlanStore.withLockWaitLimit), so the hook's
 * deadline fires and the process's other calls go on. A store without the view as it is.
 */
export function hookStore(store: PlanStore): PlanStore {
  return store.withLockWaitLimit?.(HOOK_LOCK_WAIT_MS) ?? store;
}

/** `engine` over hookStore(its store). */
export function hookEngine(engine: PlanEngine): PlanEngine {
  const store = hookStore(engine.store);
  return store === engine.store ? engine : engine.withStore(store);
}
