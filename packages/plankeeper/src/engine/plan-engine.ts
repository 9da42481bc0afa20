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
import { ConfigurationError, PlanConflictError } from './errors.js';
import type {
  CompletionEvidence,
  CompletionGate,
  CompletionRefusal,
  EvidenceMode,
} from './evidence.js';
import { KeyLock } from './key-lock.js';
import { type PlanLimits, resolveLimits } from './limits.js';
import { type AddFacts, type AddItemInput, addItems } from './operations/add-items.js';
import { approvalAfterPersonEdit, approvalAfterWrite, approvalOf } from './operations/approve.js';
import {
  type CompleteFacts,
  type CompleteItemInput,
  completeItems,
} from './operations/complete-items.js';
import {
  closingWithoutCompletion,
  evidenceIssues,
  evidenceSummary,
  keptEvidence,
  newCompletions,
  withEvidence,
} from './operations/completion-check.js';
import { DEPENDENCY_MODES, type DependencyMode } from './operations/dependencies.js';
import type { OperationResult } from './operations/operation-result.js';
import { releaseItems, withOwnership, writeOwned } from './operations/ownership.js';
import {
  applyPersonEdit,
  type PersonEdit,
  type PersonEditProblem,
  textProblem,
} from './operations/person-edit.js';
import {
  completionUndoes,
  entriesAsSeen,
  keepPersonChanges,
  personKeptIds,
  refusePersonChanged,
  removalUndoes,
  withDropped,
  withoutRemoved,
} from './operations/person-kept.js';
import { type RemoveFacts, removeItems } from './operations/remove-items.js';
import {
  type DropPolicy,
  type WriteFacts,
  type WriteItemInput,
  writePlan,
} from './operations/write-plan.js';
import type { IssuePath, PlanIssue } from './plan-issue.js';
import { encodePlanKey, keyIsWithin, type PlanKey } from './plan-key.js';
import { RecentPlans } from './recent-plans.js';
import { MemoryPlanStore } from './store/memory-store.js';
import type {
  ChangeSource,
  PlanRevision,
  PlanStore,
  VersionedPlan,
  VersionedState,
} from './store/plan-store.js';
import {
  linkSubAgent,
  type SubAgentEndInfo,
  type SubAgentLink,
  type SubAgentLinkProblem,
} from './sub-agent-link.js';
import {
  type ApprovalAgain,
  emptyRecord,
  isOpen,
  type PlanApproval,
  type PlanRecord,
  samePlan,
  type TodoItem,
} from './todo-item.js';
import { type UnseenPersonChanges, unseenPersonChanges } from './unseen-person-changes.js';

export interface PlanEngineOptions {
  /** Where plans live. Default: a new in-memory store. */
  store?: PlanStore;
  limits?: Partial<PlanLimits>;
  /** Forget a plan this long after its last write (one that changed it). Default: never. */
  ttlMs?: number;
  /** What a `todo_write` that leaves out open items does. Default `report`. */
  dropPolicy?: DropPolicy;
  /**
   * How `blockedBy` constrains order: `enforce` refuses starting or completing an item
   * while a blocker is open, `warn` lets it through and says so, `off` only records it.
   * Default `warn`. A call can override it (OperationMeta.dependencies).
   */
  dependencies?: DependencyMode;
  now?: () => number;
  /** Compare-and-set attempts (of plans and of turn states) before giving up under contention. Default 100. */
  maxAttempts?: number;
  /**
   * Plans kept from the last read or write, so the next operation on them skips its read
   * (stores with epochs only). Default 1000, or 0 with a MemoryPlanStore, whose read is a
   * copy from a Map and so costs no more than holding would; 0 reads before every write.
   */
  recentPlans?: number;
  /**
   * The evidence rule for writes whose gate names none (see evidence.ts). Default `off`.
   * Under `enforce`, a write with no gate has no calls to show, so it completes nothing.
   * A person's change (editAsPerson) is never subject to it.
   */
  evidence?: EvidenceMode;
}

/** Who is writing: the tool and call, and the host's current user turn. */
export interface OperationMeta {
  tool?: string;
  callId?: string;
  turn?: string;
  /**
   * The writing session in a shared list, from the host (never from tool arguments): an
   * item it sets `in_progress` becomes its own, and items other owners are working on are
   * refused to it (see operations/ownership.ts).
   */
  owner?: string;
  /**
   * Check the operation against the stored plan and report the outcome without writing
   * (the snapshot of an accepted dry run is the plan as it would be).
   */
  dryRun?: boolean;
  /** The dependency mode for this operation, instead of the engine's. */
  dependencies?: DependencyMode;
  /**
   * The writing host's approval rule, when it holds its tools until a person approves the
   * plan; stored with the plan (see PlanRecord.approvalRule).
   */
  approval?: ApprovalAgain;
  /** The host's record of tool calls and its verifiers, for the completions of this write. */
  gate?: CompletionGate;
  /**
   * The plan version the writer last saw, from the host's record of what it showed the
   * model (never from tool arguments). A person's changes made after it are not undone by
   * this write: a whole list keeps them, a granular call that would undo one is refused
   * (see operations/person-kept.ts). Without it a write goes as it always has.
   */
  basedOn?: number;
}

/** A read-only copy of a plan. Changing it changes nothing stored. */
export interface PlanSnapshot {
  items: TodoItem[];
  version: number;
  nextId: number;
  updatedAt: number | undefined;
  turn: string | undefined;
  /** A person's approval, when the plan has one (see approve.ts). */
  approval?: PlanApproval;
}

export type OperationOutcome<Facts> =
  | {
      ok: true;
      snapshot: PlanSnapshot;
      facts: Facts;
      /** Under the evidence rule (warn or enforce): why each item this write completed counted as done. */
      evidence?: CompletionEvidence[];
    }
  | { ok: false; issues: PlanIssue[]; snapshot: PlanSnapshot };

/** A person's change: the plan as stored after it, or the one problem and the plan as it is. */
export type PersonEditOutcome =
  | { ok: true; snapshot: PlanSnapshot }
  | { ok: false; problem: PersonEditProblem; snapshot: PlanSnapshot };

/** A host's sub-agent link: the plan as stored after it, or why it was refused. */
export type SubAgentLinkOutcome =
  | { ok: true; snapshot: PlanSnapshot }
  | { ok: false; problem: SubAgentLinkProblem; snapshot: PlanSnapshot };

/** Longest name a person may sign a change with. */
const MAX_PERSON_NAME = 80;

export class PlanEngine {
  readonly store: PlanStore;
  readonly limits: PlanLimits;
  readonly dropPolicy: DropPolicy;
  readonly dependencies: DependencyMode;
  readonly evidence: EvidenceMode;
  private readonly ttlMs: number | undefined;
  private readonly now: () => number;
  private readonly maxAttempts: number;
  private readonly lock = new KeyLock();
  private readonly recent: RecentPlans;

  constructor(options: PlanEngineOptions = {}) {
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
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.maxAttempts = options.maxAttempts ?? 100;
    this.recent = new RecentPlans(
      options.recentPlans ?? (this.store instanceof MemoryPlanStore ? 0 : 1000),
    );
  }

  /** Replaces the whole list (`todo_write`). */
  write(key: PlanKey, items: readonly WriteItemInput[], meta: OperationMeta = {}) {
    // The plan the list was first decided on: the one the caller last read or wrote, so
    // most likely the one its list was made from (see withOwnership's `base`).
    let base: PlanRecord | undefined;
    return this.apply<WriteFacts>(key, { tool: 'todo_write', ...meta }, (record, version) => {
      base ??= record;
      const first = base;
      const decide = (unseen: UnseenPersonChanges | undefined): OperationResult<WriteFacts> => {
        const { input: sent, dropped } = unseen
          ? withoutRemoved(entriesAsSeen(items, record, unseen), record, unseen)
          : { input: items, dropped: [] };
        const keep = unseen ? personKeptIds(record, unseen) : undefined;
        const owned = writeOwned(record, first, sent, meta.owner, (others) =>
          writePlan(
            record,
            sent,
            this.limits,
            this.dropPolicy,
            meta.dependencies ?? this.dependencies,
            others,
            keep,
          ),
        );
        if (!unseen) return owned;
        const kept = withDropped(keepPersonChanges(record, owned, unseen, meta.owner), dropped);
        // The person's items put back can take a full list over the limit.
        const count = kept.ok ? kept.items.length : 0;
        const maximum = this.limits.maxItems;
        return count > maximum
          ? { ok: false, issues: [{ code: 'too_many_items', path: ['todos'], maximum, count }] }
          : kept;
      };
      return this.afterUnseen(key, meta.basedOn, version, decide);
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
      this.afterUnseen(key, meta.basedOn, version, (unseen) => {
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
      this.afterUnseen(key, meta.basedOn, version, (unseen) => {
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
    return this.commit<string[]>(key, (stored) => {
      if (!stored) return { done: [] };
      const { items, released } = releaseItems(stored.record, owner);
      if (released.length === 0) return { done: [] };
      return {
        write: { ...stored.record, items, updatedAt: this.now() },
        source: {
          tool: 'host:release',
          summary: `released ${released.map((id) => `#${id}`).join(' ')} of ${owner}`,
        },
        onWritten: () => released,
      };
    });
  }

  /**
   * A person's change to one item (see person-edit.ts). Its revision's source says
   * `by: 'person'`, the name when given, and the change as data, so the model can be told
   * who changed what. The plan keeps its `turn`: a person's edit is no new request, and
   * must not make the model's current plan look like a leftover. On a compare-and-set
   * conflict the edit is validated again on the winner's plan. `{kind: 'approve'}`
   * approves the plan's steps (see approve.ts); any other edit of an approved plan keeps
   * it approved, since the person made that change themselves.
   */
  editAsPerson(
    key: PlanKey,
    edit: PersonEdit,
    person: { name?: string } = {},
  ): Promise<PersonEditOutcome> {
    // One line in the model's text: a name never carries a line break into it.
    const name = person.name?.replace(/\s+/g, ' ').trim();
    return this.commit<PersonEditOutcome>(key, (stored) => {
      const version = stored?.version ?? 0;
      const record = stored?.record ?? emptyRecord(this.now());
      const refuse = (problem: PersonEditProblem): { done: PersonEditOutcome } => ({
        done: { ok: false, problem, snapshot: toSnapshot(record, version, !stored) },
      });
      if (person.name !== undefined) {
        const problem = textProblem(person.name, 'name', MAX_PERSON_NAME);
        if (problem) return refuse(problem);
      }
      const result = applyPersonEdit(record, edit, this.limits);
      if (!result.ok) return refuse(result.problem);
      const now = this.now();
      const approval =
        edit.kind === 'approve'
          ? approvalOf(record.items, now, name)
          : approvalAfterPersonEdit(record, result.items);
      const next: PlanRecord = {
        ...record,
        items: result.items,
        nextId: result.nextId,
        updatedAt: now,
        ...(approval && { approval }),
      };
      // Setting a text to what it already says is no change, as for the model's writes.
      if (stored && samePlan(record, next)) {
        return { done: { ok: true, snapshot: toSnapshot(record, version, false) } };
      }
      return {
        write: next,
        source: {
          tool: `person:${edit.kind}`,
          summary: result.summary,
          by: 'person',
          ...(name && { name }),
          edit: result.info,
        },
        onWritten: (written) => ({ ok: true, snapshot: toSnapshot(next, written, false) }),
      };
    });
  }

  /**
   * Notes that user turn `turn` has started (see {@link PlanRecord.activeTurn}). Writes
   * only when a plan exists and the turn is new to it; the items, their write time and
   * `turn` stay as they are.
   */
  noteTurn(key: PlanKey, turn: string): Promise<void> {
    return this.commit<void>(key, (stored) => {
      if (!stored || stored.record.activeTurn === turn) return { done: undefined };
      return {
        write: { ...stored.record, activeTurn: turn },
        source: { tool: 'host:turn-started', summary: 'new user turn' },
        onWritten: () => undefined,
      };
    });
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
    return this.commit<SubAgentLinkOutcome>(key, (stored) => {
      const version = stored?.version ?? 0;
      const record = stored?.record ?? emptyRecord(this.now());
      const result = linkSubAgent(record.items, id, link);
      if (!result.ok) {
        return {
          done: {
            ok: false,
            problem: result.problem,
            snapshot: toSnapshot(record, version, !stored),
          },
        };
      }
      const next: PlanRecord = { ...record, items: result.items, updatedAt: this.now() };
      const summary = end
        ? `sub-agent on #${id} ${end.ended}: ${end.progress.completed}/${end.progress.total} done`
        : `delegated #${id} to sub-agent ${link.scope}`;
      return {
        write: next,
        source: {
          tool: end ? 'host:sub-agent-ended' : 'host:sub-agent-started',
          summary,
          ...(end && { subAgent: end }),
        },
        onWritten: (written) => ({ ok: true, snapshot: toSnapshot(next, written, false) }),
      };
    });
  }

  /** A copy of the plan; an absent plan is an empty one at version 0. */
  async snapshot(key: PlanKey): Promise<PlanSnapshot> {
    const stored = await this.read(key, encodePlanKey(key));
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
    return this.lock.run(name, () => {
      this.recent.delete(name);
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
    return this.stateStore().getState(key);
  }

  /**
   * Sets the harness state at `key` to `update(current)` by compare-and-set. When another
   * writer (another hook process) got there first, `update` runs again on what it wrote,
   * so no update is lost; after `maxAttempts` refused writes it rejects with
   * PlanConflictError. `update` gets a copy of the stored state (undefined when there is
   * none) and returns the next one, or undefined to leave it as it is. Resolves to the
   * state now stored: the one `update` returned, with its version, or the current one.
   * Writes expire after the engine's `ttlMs`, as plans do.
   */
  async updateTurnState(
    key: PlanKey,
    update: (current: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
  ): Promise<VersionedState | undefined> {
    const store = this.stateStore();
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

  private stateStore(): PlanStore & Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>> {
    const store = this.store;
    if (!store.getState || !store.compareAndSetState) {
      throw new ConfigurationError(
        "This plan store keeps no harness state (getState and compareAndSetState); use one of plankeeper's stores, or add both methods to yours (see the store contract).",
      );
    }
    return store as PlanStore & Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>>;
  }

  /**
   * Runs `decide` with a person's changes made since version `basedOn` of the plan at
   * `key` (held at `version`), read from its history only when the plan moved on since:
   * the common write, on the plan its writer saw, costs no read.
   */
  private afterUnseen<T>(
    key: PlanKey,
    basedOn: number | undefined,
    version: number,
    decide: (unseen: UnseenPersonChanges | undefined) => T,
  ): T | Promise<T> {
    if (basedOn === undefined || version <= basedOn) return decide(undefined);
    return unseenPersonChanges(this.store, key, basedOn, version).then(decide);
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
    return this.commit<OperationOutcome<Facts>>(key, (stored) => {
      const version = stored?.version ?? 0;
      const record = stored?.record ?? emptyRecord(this.now());
      const pending = operation(record, version);
      return pending instanceof Promise
        ? pending.then((result) => this.decideOutcome(meta, mode, stored, record, result))
        : this.decideOutcome(meta, mode, stored, record, pending);
    });
  }

  /** What `apply` does with an operation's result: reject it, or check and write it. */
  private decideOutcome<Facts>(
    meta: OperationMeta & { tool: string },
    mode: EvidenceMode,
    stored: VersionedPlan | undefined,
    record: PlanRecord,
    result: OperationResult<Facts>,
  ): Decision<OperationOutcome<Facts>> | Promise<Decision<OperationOutcome<Facts>>> {
    const version = stored?.version ?? 0;
    const reject = (issues: PlanIssue[]) => {
      const snapshot = toSnapshot(record, version, !stored);
      return { done: { ok: false as const, issues, snapshot } };
    };
    if (!result.ok) return reject(result.issues);
    const next: PlanRecord = {
      ...record,
      items: result.items,
      nextId: result.nextId,
      updatedAt: this.now(),
    };
    const approval = approvalAfterWrite(record.approval, next.items);
    if (approval) next.approval = approval;
    else delete next.approval;
    // Like the turn, the approval rule is the last writer's: a host that stops asking drops it.
    if (meta.approval !== undefined) next.approvalRule = meta.approval;
    else delete next.approvalRule;
    if (meta.turn !== undefined) {
      next.turn = meta.turn;
      next.activeTurn = meta.turn;
    } else delete next.turn;
    const decideWrite = (evidence: CompletionEvidence[] | undefined) => {
      // A write that would store the same plan again (a re-sent list, completing a done
      // item) is no change: no new version, revision or change event for subscribers
      // (MCP clients, the dashboard), so watchers never hear of a change that is none.
      if (meta.dryRun || (stored && samePlan(record, next))) {
        const shown = meta.dryRun ? next : record;
        return {
          done: {
            ok: true as const,
            facts: result.facts,
            snapshot: toSnapshot(shown, version, false),
            ...(evidence && { evidence }),
          },
        };
      }
      return {
        write: next,
        source: {
          tool: meta.tool,
          summary: result.summary + (evidence ? evidenceSummary(evidence) : ''),
          ...(meta.callId && { callId: meta.callId }),
          ...(meta.owner !== undefined && { owner: meta.owner }),
          ...(evidence && { evidence }),
          ...(result.keptForPerson && { keptForPerson: result.keptForPerson }),
        },
        onWritten: (written: number) => {
          meta.gate?.written?.(next.items);
          return {
            ok: true as const,
            facts: result.facts,
            snapshot: toSnapshot(next, written, false),
            ...(evidence && { evidence }),
          };
        },
      };
    };
    /** The write refused for the verifiers' refusals of `items`. */
    const refuse = (refusals: readonly CompletionRefusal[], items: readonly TodoItem[]) => {
      const byId = new Map(items.map((item) => [item.id, item]));
      return reject(
        refusals.map(({ id, reason }) => ({
          code: 'completion_refused' as const,
          path: [meta.tool === 'todo_write' ? 'todos' : 'items'],
          id,
          content: byId.get(id)?.content ?? '',
          reason,
        })),
      );
    };
    const verify = meta.dryRun ? undefined : meta.gate?.verify;
    if (mode === 'off' && !verify) return decideWrite(undefined);
    const found = newCompletions(record.items, next.items);
    if (found.length === 0) {
      // Ending the plan by cancelling or removing its last open item is checked as its end.
      const closing = verify && closingWithoutCompletion(record.items, next.items);
      if (!closing) return decideWrite(undefined);
      return verify([{ ...closing, calls: [] }], { tool: meta.tool, openAfter: 0 }).then(
        (refusals) =>
          refusals.length === 0 ? decideWrite(undefined) : refuse(refusals, [closing.item]),
      );
    }
    const completions = withEvidence(found, meta.gate, meta.tool);
    const issues = evidenceIssues(completions, mode, meta.tool);
    if (issues.length > 0) return reject(issues);
    const evidence = mode === 'off' ? undefined : keptEvidence(completions);
    if (!verify) return decideWrite(evidence);
    const openAfter = next.items.filter(isOpen).length;
    // The only step that waits: a host's verifiers (a test run, say), under the key's lock.
    return verify(completions, { tool: meta.tool, openAfter }).then((refusals) =>
      refusals.length === 0
        ? decideWrite(evidence)
        : refuse(
            refusals,
            completions.map(({ item }) => item),
          ),
    );
  }

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
  private commit<T>(key: PlanKey, decide: Decide<T>): Promise<T> {
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

  /** Reads a plan and holds it for the next operation on its key. */
  private async read(key: PlanKey, name: string): Promise<VersionedPlan | undefined> {
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

interface WriteDecision<T> {
  write: PlanRecord;
  source: ChangeSource;
  onWritten: (version: number) => T;
}

/** What an operation does with the stored plan: answer at once, or write and then answer. */
type Decision<T> = { done: T } | WriteDecision<T>;

type Decide<T> = (stored: VersionedPlan | undefined) => Decision<T> | Promise<Decision<T>>;

/**
 * Wraps a record the caller owns: records from the store are copies by contract, and
 * records built by an operation were copied into the store, so no copy is needed here.
 */
function toSnapshot(record: PlanRecord, version: number, absent: boolean): PlanSnapshot {
  return {
    items: record.items,
    version,
    nextId: record.nextId,
    updatedAt: absent ? undefined : record.updatedAt,
    turn: record.turn,
    ...(record.approval && { approval: record.approval }),
  };
}

/** Where `id` was sent in `list` (ids as strings or numbers), for an issue's path. */
function placeOf(list: readonly (string | number)[], id: string, field: string): IssuePath {
  const index = list.findIndex((entry) => String(entry).trim() === id);
  return index < 0 ? [field] : [field, index];
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
