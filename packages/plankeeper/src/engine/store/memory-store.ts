/**
 * The reference store: plans in a Map, in this process only. Fast, and the model for
 * what every other store must do (see plan-store.ts for the contract).
 */
import { encodePlanKey, type PlanKey } from '../plan-key.js';
import { checkStorableRecord } from '../storable-text.js';
import { copyRecord, isOpen, type PlanRecord } from '../todo-item.js';
import { ChangeListeners } from './change-listeners.js';
import { newEpoch } from './epoch.js';
import type {
  ChangeSource,
  CompareAndSetResult,
  CompareAndSetStateResult,
  ListFilter,
  PlanChange,
  PlanListing,
  PlanRevision,
  PlanStore,
  StateWriteOptions,
  Unsubscribe,
  VersionedPlan,
  VersionedState,
  WriteOptions,
} from './plan-store.js';
import { decodeState, encodeState } from './state-codec.js';

export interface MemoryStoreOptions {
  /** Revisions kept per plan; older ones are dropped. Default 50. */
  historyLimit?: number;
  /** Clock, for tests of TTL expiry. */
  now?: () => number;
}

interface Entry {
  key: PlanKey;
  version: number;
  epoch: string;
  record: PlanRecord;
  expiresAt: number | undefined;
}

/** A key's harness state, kept as JSON text so that it reads back as it would from any store. */
interface StateEntry {
  version: number;
  text: string;
  expiresAt: number | undefined;
}

export class MemoryPlanStore implements PlanStore {
  private readonly entries = new Map<string, Entry>();
  private readonly histories = new Map<string, PlanRevision[]>();
  /** Harness states by key, apart from the plans (see the store contract). */
  private readonly states = new Map<string, StateEntry>();
  private readonly listeners = new ChangeListeners();
  private readonly historyLimit: number;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.historyLimit = options.historyLimit ?? 50;
    this.now = options.now ?? Date.now;
  }

  /** The live entry, or undefined once expired (expired entries are dropped lazily). */
  private live(name: string): Entry | undefined {
    const entry = this.entries.get(name);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.entries.delete(name);
      this.histories.delete(name);
      return undefined;
    }
    return entry;
  }

  async get(key: PlanKey): Promise<VersionedPlan | undefined> {
    const entry = this.live(encodePlanKey(key));
    return (
      entry && { version: entry.version, record: copyRecord(entry.record), epoch: entry.epoch }
    );
  }

  async compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options: WriteOptions = {},
  ): Promise<CompareAndSetResult> {
    // The memory store refuses what the durable stores refuse, so hosts meet it in tests.
    checkStorableRecord(record, options.source);
    const name = encodePlanKey(key);
    const current = this.live(name);
    const currentVersion = current?.version ?? 0;
    if (currentVersion !== expectedVersion) return { ok: false, currentVersion };
    if (current && options.expectedEpoch !== undefined && options.expectedEpoch !== current.epoch) {
      return { ok: false, currentVersion };
    }
    const at = this.now();
    const version = currentVersion + 1;
    const stored = copyRecord(record);
    const epoch = current?.epoch ?? newEpoch();
    this.entries.set(name, {
      key,
      version,
      epoch,
      record: stored,
      expiresAt: options.ttlMs === undefined ? undefined : at + options.ttlMs,
    });
    // Entry and history share one copy: nothing here mutates it, and every read copies out.
    this.remember(name, key, {
      version,
      at,
      record: stored,
      source: options.source ?? { tool: 'unknown' },
    });
    return { ok: true, version, epoch };
  }

  async delete(key: PlanKey, options: { source?: ChangeSource } = {}): Promise<boolean> {
    const name = encodePlanKey(key);
    this.states.delete(name);
    const current = this.live(name);
    if (!current) return false;
    this.entries.delete(name);
    this.remember(name, key, {
      version: current.version + 1,
      at: this.now(),
      record: null,
      source: options.source ?? { tool: 'host:delete' },
    });
    return true;
  }

  private remember(name: string, key: PlanKey, revision: PlanRevision): void {
    const history = this.histories.get(name) ?? [];
    history.push(revision);
    if (history.length > this.historyLimit) history.splice(0, history.length - this.historyLimit);
    this.histories.set(name, history);
    if (this.listeners.size > 0) this.listeners.emit({ key, ...revision });
  }

  async list(filter: ListFilter = {}): Promise<PlanListing[]> {
    const listings: PlanListing[] = [];
    for (const name of [...this.entries.keys()]) {
      const entry = this.live(name);
      if (!entry) continue;
      if (filter.agent !== undefined && entry.key.agent !== filter.agent) continue;
      if (filter.session !== undefined && entry.key.session !== filter.session) continue;
      listings.push({
        key: entry.key,
        version: entry.version,
        updatedAt: entry.record.updatedAt,
        total: entry.record.items.length,
        open: entry.record.items.filter(isOpen).length,
      });
    }
    return listings;
  }

  async history(key: PlanKey, options: { limit?: number } = {}): Promise<PlanRevision[]> {
    const name = encodePlanKey(key);
    this.live(name); // an expired plan's history goes with it
    const history = this.histories.get(name) ?? [];
    const slice = options.limit === undefined ? history : history.slice(-options.limit);
    return slice.map((revision) => ({
      ...revision,
      record: revision.record && copyRecord(revision.record),
    }));
  }

  async subscribe(listener: (change: PlanChange) => void): Promise<Unsubscribe> {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async getState(key: PlanKey): Promise<VersionedState | undefined> {
    const name = encodePlanKey(key);
    const entry = this.liveState(name);
    return entry && { version: entry.version, state: decodeState(name, entry.text) };
  }

  async compareAndSetState(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options: StateWriteOptions = {},
  ): Promise<CompareAndSetStateResult> {
    const text = encodeState(state);
    const name = encodePlanKey(key);
    const currentVersion = this.liveState(name)?.version ?? 0;
    if (currentVersion !== expectedVersion) return { ok: false, currentVersion };
    const version = currentVersion + 1;
    this.states.set(name, {
      version,
      text,
      expiresAt: options.ttlMs === undefined ? undefined : this.now() + options.ttlMs,
    });
    return { ok: true, version };
  }

  /** The live state entry, or undefined once expired (dropped lazily, like plans). */
  private liveState(name: string): StateEntry | undefined {
    const entry = this.states.get(name);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.states.delete(name);
      return undefined;
    }
    return entry;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
