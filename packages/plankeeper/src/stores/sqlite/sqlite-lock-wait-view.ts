/**
 * A SQLite store's view for a caller inside a long-lived process with a deadline (the MCP
 * server's hook tool, the Claude Agent SDK's hook callbacks). better-sqlite3 waits for another
 * process's lock synchronously, so one write behind a stuck lock would stop every timer and
 * every other call of the process for the whole busy timeout. Through the view each call
 * waits in slices of a few milliseconds, with the event loop running between them, and gives
 * up after `longestMs`: the caller's deadline can fire and other calls go on.
 */
import type { PlanStore } from '../../engine/store/plan-store.js';

/** The longest one synchronous wait for the lock lasts. */
export const LOCK_WAIT_SLICE_MS = 10;
/** The pause between two slices, in which the process runs other work. */
const PAUSE_MS = 15;

/**
 * `store` with each method run by `sliced` (the store's call with its busy timeout set to
 * one slice) and run again while the lock is busy, until `longestMs` have passed.
 */
export function lockWaitView(
  store: PlanStore,
  longestMs: number,
  sliced: <T>(call: () => Promise<T>) => Promise<T>,
  isBusy: (error: unknown) => boolean,
): PlanStore {
  const patient = async <T>(call: () => Promise<T>): Promise<T> => {
    const until = Date.now() + longestMs;
    for (;;) {
      try {
        return await sliced(call);
      } catch (error) {
        // A busy lock at BEGIN IMMEDIATE means nothing was written: running it again is safe.
        const left = until - Date.now();
        if (!isBusy(error) || left <= 0) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(PAUSE_MS, left)));
      }
    }
  };
  return {
    get: (...args) => patient(() => store.get(...args)),
    compareAndSet: (...args) => patient(() => store.compareAndSet(...args)),
    delete: (...args) => patient(() => store.delete(...args)),
    list: (...args) => patient(() => store.list(...args)),
    history: (...args) => patient(() => store.history(...args)),
    getState: (...args) => patient(() => store.getState!(...args)),
    compareAndSetState: (...args) => patient(() => store.compareAndSetState!(...args)),
    subscribe: (listener) => store.subscribe(listener),
    // The view does not own the connection: the store's owner closes it.
    close: async () => {},
    withLockWaitLimit: (limit) => lockWaitView(store, limit, sliced, isBusy),
  };
}
