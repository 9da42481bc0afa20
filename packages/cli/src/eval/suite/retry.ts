/**
 * Bounded retries for runs that failed for a reason waiting may cure (429, 5xx, connection
 * refused). The model client already honours `Retry-After` on each call; this spaces whole
 * runs out exponentially, capped, and stops waiting when the suite is stopped.
 */

const CAP_MS = 60_000;

/** The wait before retry `attempt` (1-based): base, 2×base, 4×base, … capped. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(CAP_MS, baseMs * 2 ** (attempt - 1));
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
