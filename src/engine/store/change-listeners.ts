/**
 * The subscriber set of one store instance. A throwing listener must not turn an
 * accepted write into a rejected promise, nor stop the other listeners, so failures
 * are reported as process warnings instead.
 */
import type { PlanChange } from './plan-store.js';

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
