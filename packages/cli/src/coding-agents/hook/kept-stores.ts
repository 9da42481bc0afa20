/**
 * The stores a long-lived hook process (`plankeeper hook <agent> --serve`) keeps open between
 * events, one per store URL. Opening a SQLite store (the file, its pragmas, its prepared
 * statements) and closing it again cost about 1.3 ms of every event's answer; a network store
 * pays a connection each time. No plan state is kept: each event builds its own engine, and a
 * store reads what other processes wrote at every call. Each event uses the store through the
 * hook view (hookStore): a lock held by another process is waited for in slices, at most
 * HOOK_LOCK_WAIT_MS, so the event's own deadline still fires.
 */
import type { PlanStore } from 'plankeeper';
import { hookStore } from 'plankeeper/hooks';

export class KeptStores {
  readonly #open = new Map<string, Promise<PlanStore>>();

  /** The store at `url`, opened by `open` the first time (and again after a failed open). */
  get(url: string, open: () => Promise<PlanStore>): Promise<PlanStore> {
    let opening = this.#open.get(url);
    if (!opening) {
      opening = open();
      this.#open.set(url, opening);
      // A store that did not open is tried again by the next event, as a hook process would.
      opening.catch(() => this.#open.delete(url));
    }
    return opening.then(hookStore);
  }

  /** Closes every store opened here; a close that fails is left, as the process is ending. */
  async closeAll(): Promise<void> {
    const opened = [...this.#open.values()];
    this.#open.clear();
    await Promise.all(
      opened.map((opening) =>
        opening.then(
          (store) => store.close().catch(() => {}),
          () => {},
        ),
      ),
    );
  }
}
