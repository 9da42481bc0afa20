/**
 * The subscriber set of one store instance. A throwing listener must not turn an
 * accepted write into a rejected promise, nor stop the other listeners, so failures
 * are reported as process warnings instead.
 */
import type { PlanChange, Unsubscribe } from './plan-store.js';

export type ChangeListener = (change: PlanChange) => void;

export class ChangeListeners {
  private readonly listeners = new Set<ChangeListener>();

  get size(): number {
    return this.listeners.size;
  }

  add(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  delete(listener: ChangeListener): void {
    this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }

  /**
   * Adds `listener` and makes sure the store's change feed runs (`start` is called for
   * every subscriber and must be idempotent). A feed that fails to start leaves the set
   * as it was; the returned function removes the listener and stops the feed once the
   * last one has left.
   */
  async subscribe(
    listener: ChangeListener,
    feed: { start(): unknown; stop(): unknown },
  ): Promise<Unsubscribe> {
    this.listeners.add(listener);
    try {
      await feed.start();
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void feed.stop();
    };
  }

  /** Calls every listener with its own copy, so one cannot alter what the next sees. */
  emit(change: PlanChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(structuredClone(change));
      } catch (error) {
        process.emitWarning(
          `A plan change listener threw: ${error instanceof Error ? error.message : String(error)}`,
          { type: 'PlankeeperWarning' },
        );
      }
    }
  }
}
