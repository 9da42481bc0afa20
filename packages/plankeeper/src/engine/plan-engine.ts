/**
 * The plan engine: applies validated operations to keyed plans in a store. Each
 * operation reads the plan, computes the new one with a pure function, and commits it
 * with compare-and-set, retrying when another writer got there first. A rejected
 * operation writes nothing, so the stored plan stays byte-for-byte as it was. The read
 * is skipped when the engine already holds the plan from its last read or write and the
 * store keeps epochs (see RecentPlans): the compare-and-set alone proves it current.
 *
 * @example
 * const engine = new PlanEngine();
 * const key = { agent: 'support', session: 'user-42' };
 * await engine.add(key, [{ content: 'Look up the return policy' }]);
 * (await engine.snapshot(key)).items; // [{ id: '1', content: ..., status: 'pending' }]
 */
import type { CheckRecord } from './check-record.js';
import { CommitLoop, stateStoreOf } from './commit-loop.js';
import { ConfigurationError } from './errors.js';
import type { EvidenceMode } from './evidence.js';
import {
  checkRecordedDecision,
  personEditDecision,
  releaseDecision,
  subAgentDecision,
  turnStartedDecision,
} from './host-decisions.js';
import { KeyLock } from './key-lock.js';
import { type PlanLimits, resolveLimits } from './limits.js';
import { decideOutcome } from './operation-decision.js';
import type { OperationMeta } from './operation-meta.js';
import type {
  OperationOutcome,
  PersonEditOutcome,
  SubAgentLinkOutcome,
} from './operation-outcome.js';
import { type AddFacts, type AddItemInput, addItems } from './operations/add-items.js';
import {
  type CompleteFacts,
  type CompleteItemInput,
  completeItems,
} from './operations/complete-items.js';
import { DEPENDENCY_MODES, type DependencyMode } from './operations/dependencies.js';
import { type OperationResult, placeOf } from './operations/operation-result.js';
import { withOwnership } from './operations/ownership.js';
import type { PersonEdit } from './operations/person-edit.js';
import { completionUndoes, refusePersonChanged, removalUndoes } from './operations/person-kept.js';
import { type RemoveFacts, removeItems } from './operations/remove-items.js';
import type { DropPolicy, WriteFacts, WriteItemInput } from './operations/write-plan.js';
import type { PlanEngineOptions } from './plan-engine-options.js';
import { encodePlanKey, keyIsWithin, type PlanKey } from './plan-key.js';
import { type PlanSnapshot, toSnapshot } from './plan-snapshot.js';
import { RecentPlans } from './recent-plans.js';
import { MemoryPlanStore } from './store/memory-store.js';
import type { PlanRevision, PlanStore, VersionedState } from './store/plan-store.js';
import type { SubAgentEndInfo, SubAgentLink } from './sub-agent-link.js';
import { emptyRecord, isOpen, type PlanRecord, type TodoItem } from './todo-item.js';
import { afterUnseenChanges } from './unseen-person-changes.js';
import { wholeListWrite } from './whole-list-write.js';

export type { OperationMeta } from './operation-meta.js';
export type {
  OperationOutcome,
  PersonEditOutcome,
  SubAgentLinkOutcome,
} from './operation-outcome.js';
export type { PlanEngineOptions } from './plan-engine-options.js';
export type { PlanSnapshot } from './plan-snapshot.js';

export class PlanEngine {
  readonly store: PlanStore;
  readonly limits: PlanLimits;
  readonly dropPolicy: DropPolicy;
  readonly dependencies: DependencyMode;
  readonly evidence: EvidenceMode;
  private readonly now: () => number;
  private readonly loop: CommitLoop;

  constructor(private readonly options: PlanEngineOptions = {}) {
    this.store = options.store ?? new MemoryPlanStore();
    this.limits = resolveLimits(options.limits);
    this.dropPolicy = options.dropPolicy ?? 'report';
    this.dependencies = options.dependencies ?? 'warn';
    if (!DEPENDENCY_MODES.includes(this.dependencies)) {
      throw new ConfigurationError(
        `dependencies must be one of ${DEPENDENCY_MODES.join(', ')}, got ${String(this.dependencies)}.`,
      );
    }
    this.evidence = options.evidence ?? 'off';
    this.now = options.now ?? Date.now;
    const recent = new RecentPlans(
      options.recentPlans ?? (this.store instanceof MemoryPlanStore ? 0 : 1000),
    );
    this.loop = new CommitLoop(
      this.store,
      new KeyLock(),
      recent,
      options.ttlMs,
      options.maxAttempts ?? 100,
    );
  }

  /** An engine with these options over `store` (a view of this one's, say). */
  withStore(store: PlanStore): PlanEngine {
    return new PlanEngine({ ...this.options, store });
  }

  /** Replaces the whole list (`todo_write`). */
  write(key: PlanKey, items: readonly WriteItemInput[], meta: OperationMeta = {}) {
    // The plan the list was first decided on: the one the caller last read or wrote, so
    // most likely the one its list was made from (see withOwnership's `base`).
    let base: PlanRecord | undefined;
    return this.apply<WriteFacts>(key, { tool: 'todo_write', ...meta }, (record, version) => {
      base ??= record;
      const first = base;
      return afterUnseenChanges(this.store, key, meta.basedOn, version, (unseen) =>
        wholeListWrite(record, first, items, meta, unseen, this),
      );
    });
  }

  /** Appends items (`todos_add`). */
  add(key: PlanKey, items: readonly AddItemInput[], meta: OperationMeta = {}) {
    return this.apply<AddFacts>(key, { tool: 'todos_add', ...meta }, (record) =>
      addItems(record, items, this.limits),
    );
  }

  /** Marks items completed with their reasons (`todos_complete`). */
  complete(key: PlanKey, items: readonly CompleteItemInput[], meta: OperationMeta = {}) {
    const pathOf = (id: string) =>
      placeOf(
        items.map((entry) => entry.id),
        id,
        'items',
      );
    return this.apply<CompleteFacts>(key, { tool: 'todos_complete', ...meta }, (record, version) =>
      afterUnseenChanges(this.store, key, meta.basedOn, version, (unseen) => {
        const owned = withOwnership(
          record,
          completeItems(record, items, this.limits, meta.dependencies ?? this.dependencies),
          meta.owner,
          pathOf,
        );
        return unseen
          ? refusePersonChanged(record, owned, unseen, completionUndoes, pathOf)
          : owned;
      }),
    );
  }

  /** Deletes items by id (`todos_remove`). */
  remove(key: PlanKey, ids: readonly (string | number)[], meta: OperationMeta = {}) {
    const pathOf = (id: string) => placeOf(ids, id, 'ids');
    return this.apply<RemoveFacts>(key, { tool: 'todos_remove', ...meta }, (record, version) =>
      afterUnseenChanges(this.store, key, meta.basedOn, version, (unseen) => {
        const owned = withOwnership(
          record,
          removeItems(record, ids, this.limits),
          meta.owner,
          pathOf,
        );
        return unseen ? refusePersonChanged(record, owned, unseen, removalUndoes, pathOf) : owned;
      }),
    );
  }

  /**
   * Sets the items `owner` has in progress in the shared list at `key` back to pending and
   * frees them, for a host that knows that session is gone. Resolves to the freed ids
   * (none: nothing is written).
   */
  releaseOwner(key: PlanKey, owner: string): Promise<string[]> {
    return this.loop.commit<string[]>(key, (stored) => releaseDecision(stored, owner, this.now));
  }

  /**
   * A person's change to one item (see person-edit.ts). Its revision's source says `by: 'person'`,
   * the name when given, and the change as data, so the model can be told who changed what. The
   * plan keeps its `turn`: a person's edit is no new request, and must not make the model's current
   * plan look like a leftover. On a compare-and-set conflict the edit is validated again on the
   * winner's plan. `{kind: 'approve'}` approves the plan's steps (see approve.ts); any other edit
   * of an approved plan keeps it approved, since the person made that change themselves.
   */
  editAsPerson(
    key: PlanKey,
    edit: PersonEdit,
    person: { name?: string } = {},
  ): Promise<PersonEditOutcome> {
    return this.loop.commit<PersonEditOutcome>(key, (stored) =>
      personEditDecision(stored, edit, person, this.limits, this.now),
    );
  }

  /**
   * Notes that user turn `turn` has started (see {@link PlanRecord.activeTurn}). Writes
   * only when a plan exists and the turn is new to it; the items, their write time and
   * `turn` stay as they are.
   */
  noteTurn(key: PlanKey, turn: string): Promise<void> {
    return this.loop.commit<void>(key, (stored) => turnStartedDecision(stored, turn));
  }

  /** Keeps a run of the person's check in the plan's history (host-decisions.ts); no plan, no write. */
  recordCheck(key: PlanKey, check: Omit<CheckRecord, 'version'>): Promise<void> {
    return this.loop.commit<void>(key, (stored) => checkRecordedDecision(stored, check));
  }

  /**
   * Sets item `id`'s sub-agent link (see sub-agent-link.ts): a host delegating the item to
   * a sub-agent, or noting how it ended (`end`, kept in the revision's source for the
   * parent's next plan section). The plan keeps its `turn`: this is no new request.
   */
  setSubAgent(
    key: PlanKey,
    id: string,
    link: SubAgentLink,
    end?: SubAgentEndInfo,
  ): Promise<SubAgentLinkOutcome> {
    return this.loop.commit<SubAgentLinkOutcome>(key, (stored) =>
      subAgentDecision(stored, id, link, end, this.now),
    );
  }

  /** A copy of the plan; an absent plan is an empty one at version 0. */
  async snapshot(key: PlanKey): Promise<PlanSnapshot> {
    const stored = await this.loop.read(key, encodePlanKey(key));
    return toSnapshot(stored?.record ?? emptyRecord(this.now()), stored?.version ?? 0, !stored);
  }

  /** Items still pending or in progress, as copies. */
  async remaining(key: PlanKey): Promise<TodoItem[]> {
    return (await this.snapshot(key)).items.filter(isOpen);
  }

  /** Earlier revisions of the plan, oldest first. */
  history(key: PlanKey, limit?: number): Promise<PlanRevision[]> {
    return this.store.history(key, limit === undefined ? {} : { limit });
  }

  /** Deletes one plan. */
  clear(key: PlanKey): Promise<boolean> {
    const name = encodePlanKey(key);
    return this.loop.lock.run(name, () => {
      this.loop.recent.delete(name);
      return this.store.delete(key, { source: { tool: 'host:clear', summary: 'cleared by host' } });
    });
  }

  /** Deletes the plan at `key` and every plan in scopes nested under it; returns how many. */
  async clearScope(key: PlanKey): Promise<number> {
    const listings = await this.store.list({ agent: key.agent, session: key.session });
    let cleared = 0;
    for (const listing of listings) {
      if (keyIsWithin(listing.key, key) && (await this.clear(listing.key))) cleared++;
    }
    return cleared;
  }

  /**
   * The harness state kept beside the plan at `key` (see the harness state rules of the
   * store contract), or undefined when there is none. Rejects with a ConfigurationError
   * when the store keeps no harness state.
   */
  async turnState(key: PlanKey): Promise<VersionedState | undefined> {
    return stateStoreOf(this.store).getState(key);
  }

  /**
   * Sets the harness state at `key` to `update(current)` by compare-and-set. When another writer
   * (another hook process) got there first, `update` runs again on what it wrote, so no update is
   * lost; after `maxAttempts` refused writes it rejects with PlanConflictError. `update` gets a
   * copy of the stored state (undefined when there is none) and returns the next one, or undefined
   * to leave it as it is. Resolves to the state now stored: the one `update` returned, with its
   * version, or the current one. Writes expire after the engine's `ttlMs`, as plans do.
   */
  async updateTurnState(
    key: PlanKey,
    update: (current: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<VersionedState | undefined> {
    return this.loop.updateState(stateStoreOf(this.store), key, update);
  }

  private apply<Facts>(
    key: PlanKey,
    meta: OperationMeta & { tool: string },
    operation: (
      record: PlanRecord,
      version: number,
    ) => OperationResult<Facts> | Promise<OperationResult<Facts>>,
  ): Promise<OperationOutcome<Facts>> {
    const mode = meta.gate?.evidence ?? this.evidence;
    return this.loop.commit<OperationOutcome<Facts>>(key, (stored) => {
      const version = stored?.version ?? 0;
      const record = stored?.record ?? emptyRecord(this.now());
      const pending = operation(record, version);
      const decide = (result: OperationResult<Facts>) =>
        decideOutcome(meta, mode, stored, record, result, this.now);
      return pending instanceof Promise ? pending.then(decide) : decide(pending);
    });
  }
}
