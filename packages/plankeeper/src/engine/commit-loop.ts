/**
 * The engine's compare-and-set loop: every change to a plan (and to its harness state) is
 * decided on the stored value and committed only if nobody wrote in between; otherwise it
 * is decided again on the winner's value. One in-process lock per key keeps this process's
 * writers in line; compare-and-set keeps other processes' writers honest.
 */
import { ConfigurationError, PlanConflictError } from './errors.js';
import type { KeyLock } from './key-lock.js';
import { encodePlanKey, type PlanKey } from './plan-key.js';
import type { RecentPlans } from './recent-plans.js';
import type { ChangeSource, PlanStore, VersionedPlan, VersionedState } from './store/plan-store.js';
import type { PlanRecord } from './todo-item.js';

export interface WriteDecision<T> {
  write: PlanRecord;
  source: ChangeSource;
  onWritten: (version: number) => T;
}

/** What an operation does with the stored plan: answer at once, or write and then answer. */
export type Decision<T> = { done: T } | WriteDecision<T>;

export type Decide<T> = (stored: VersionedPlan | undefined) => Decision<T> | Promise<Decision<T>>;

/** A store that keeps harness state beside its plans. */
export type StateStore = PlanStore & Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>>;

/** `store` as one that keeps harness state; a ConfigurationError when it keeps none. */
export function stateStoreOf(store: PlanStore): StateStore {
  if (!store.getState || !store.compareAndSetState) {
    throw new ConfigurationError(
      "This plan store keeps no harness state (getState and compareAndSetState); use one of plankeeper's stores, or add both methods to yours (see the store contract).",
    );
  }
  return store as StateStore;
}

export class CommitLoop {
  constructor(
    private readonly store: PlanStore,
    readonly lock: KeyLock,
    readonly recent: RecentPlans,
    private readonly ttlMs: number | undefined,
    private readonly maxAttempts: number,
  ) {}

  /**
   * Reads the plan, lets `decide` say what to write (or return without writing), and
   * commits it with compare-and-set under the key's in-process lock. When another
   * process wrote first, `decide` runs again on the winner's version.
   *
   * A plan held from the last read or write is tried first, without a read. It only ever
   * saves the read before a write that then succeeds: when the write is refused, or
   * `decide` would return without writing (a rejection, a dry run), the operation is
   * decided again on a fresh read, so no answer is ever based on a stale plan.
   */
  commit<T>(key: PlanKey, decide: Decide<T>): Promise<T> {
    const name = encodePlanKey(key);
    return this.lock.run(name, async () => {
      const held = this.recent.get(name);
      if (held) {
        const pending = decide(held);
        // Only a verifier's answer is awaited; a decision taken at once costs no extra tick.
        const decision = pending instanceof Promise ? await pending : pending;
        if ('write' in decision) {
          const written = await this.tryWrite(key, name, held, decision);
          if (written) return written.answer;
        }
        this.recent.delete(name);
      }
      for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
        const stored = await this.read(key, name);
        const pending = decide(stored);
        const decision = pending instanceof Promise ? await pending : pending;
        if ('done' in decision) return decision.done;
        const written = await this.tryWrite(key, name, stored, decision);
        if (written) return written.answer;
        // Jitter keeps racing processes from colliding in lockstep.
        if (attempt > 3) await delay(Math.random() * Math.min(50, attempt * 2));
      }
      throw new PlanConflictError(name, this.maxAttempts);
    });
  }

  /**
   * Sets the harness state at `key` to `update(current)` by compare-and-set, running
   * `update` again on what another writer wrote first (see PlanEngine.updateTurnState).
   */
  updateState(
    store: StateStore,
    key: PlanKey,
    update: (current: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<VersionedState | undefined> {
    const name = encodePlanKey(key);
    const options = this.ttlMs === undefined ? {} : { ttlMs: this.ttlMs };
    // A lock name of its own (encoded keys hold no ':'): state updates wait only for each other.
    return this.lock.run(`state:${name}`, async () => {
      for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
        const current = await store.getState(key);
        const next = update(current?.state);
        if (next === undefined) return current;
        const written = await store.compareAndSetState(key, current?.version ?? 0, next, options);
        if (written.ok) return { version: written.version, state: next };
        // Jitter keeps racing processes from colliding in lockstep.
        if (attempt > 3) await delay(Math.random() * Math.min(50, attempt * 2));
      }
      throw new PlanConflictError(name, this.maxAttempts);
    });
  }

  /** Reads a plan and holds it for the next operation on its key. */
  async read(key: PlanKey, name: string): Promise<VersionedPlan | undefined> {
    const stored = await this.store.get(key);
    this.recent.set(name, stored);
    return stored;
  }

  /** One compare-and-set on top of `base`: the operation's answer, or undefined when refused. */
  private async tryWrite<T>(
    key: PlanKey,
    name: string,
    base: VersionedPlan | undefined,
    decision: WriteDecision<T>,
  ): Promise<{ answer: T } | undefined> {
    const written = await this.store.compareAndSet(key, base?.version ?? 0, decision.write, {
      source: decision.source,
      ...(this.ttlMs !== undefined && { ttlMs: this.ttlMs }),
      ...(base?.epoch !== undefined && { expectedEpoch: base.epoch }),
    });
    if (!written.ok) {
      this.recent.delete(name);
      return undefined;
    }
    this.recent.set(name, {
      version: written.version,
      record: decision.write,
      ...(written.epoch !== undefined && { epoch: written.epoch }),
    });
    return { answer: decision.onWritten(written.version) };
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
