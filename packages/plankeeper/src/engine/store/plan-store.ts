/**
 * The storage contract every plan store implements. The engine only ever talks to this
 * interface; memory, SQLite, Redis and PostgreSQL stores all pass one contract suite.
 *
 * Requirements (MUST / SHOULD as in RFC 2119):
 * - `get` MUST return a copy of the record with the version it was written at, or
 *   `undefined` when the plan does not exist or its TTL has passed.
 * - Versions start at 1 for the first write of a key and grow by exactly 1 per accepted
 *   write. `compareAndSet` MUST apply the write only when the stored version equals
 *   `expectedVersion` (0 meaning "absent"), atomically with respect to every other
 *   writer — other async callers, other processes, other machines.
 * - A rejected `compareAndSet` MUST leave the stored plan and its history unchanged.
 * - A record (or change source) with U+0000 or a lone UTF-16 surrogate in a string MUST
 *   be refused with a {@link ConfigurationError} before anything is written: not every
 *   store can keep such text, and none may keep it differently (see storable-text.ts).
 * - A store SHOULD give each plan an `epoch`: an id set when the key is created and new
 *   whenever it is created again after a delete or expiry (when versions restart at 1).
 *   A store that returns epochs from `get` MUST return them from accepted writes too, and
 *   MUST reject a write whose `expectedEpoch` is not the stored plan's. With epochs a
 *   writer may keep a plan it read or wrote earlier and write on top of it without
 *   reading again: a matching version and epoch prove nothing was written since.
 * - `ttlMs` on a write MUST make the plan disappear (for `get`, `list`) once that much
 *   time has passed without another write; each write restarts the clock. No `ttlMs`
 *   means the plan never expires.
 * - Every accepted write and every delete MUST be recorded in the key's history with its
 *   time and change info; history is returned oldest first and SHOULD be bounded to the
 *   store's configured revision count (oldest revisions dropped first).
 * - `subscribe` listeners MUST be called for every accepted write and delete made
 *   through any instance of the same backing store (across processes for shared stores),
 *   after the change is durable. Delivery across processes MAY be delayed but SHOULD
 *   arrive within a second.
 * - A record of an unknown format version, or one that cannot be decoded, MUST make
 *   `get` throw {@link PlanRecordError} naming the key, never return an empty plan.
 * - `close` releases connections; calls after `close` MAY throw.
 *
 * Harness state (optional: a store implements both `getState` and `compareAndSetState`,
 * or neither). Beside each plan key a store may keep one small JSON object for the host,
 * such as a harness's per-turn bookkeeping written by short-lived hook processes that
 * run at once. It lives apart from the plan so that bookkeeping on every tool call does
 * not bump the plan's version, fill its history or wake its subscribers.
 * - Versions and compare-and-set work as for plans: the first write of a key's state is
 *   version 1, each accepted write adds exactly 1, `compareAndSetState` MUST apply a
 *   write only when the stored version equals `expectedVersion` (0 meaning "absent"),
 *   atomically with respect to every other writer, and a rejected write MUST change
 *   nothing.
 * - The state is independent of the plan: a state write MUST NOT change the plan, its
 *   version, epoch, history or listing, and MUST NOT be delivered to `subscribe`
 *   listeners; plan writes MUST NOT change the state. A key MAY have a state and no plan.
 * - `delete` MUST remove the key's state too, whether or not there was a plan (its
 *   result still says only whether there was a plan); the next state write expects 0.
 * - `ttlMs` on a state write MUST make the state read as absent once that much time has
 *   passed without another state write (the next write then expects 0); each write
 *   restarts the clock, and no `ttlMs` means the state never expires. A state's expiry
 *   and its plan's are separate.
 * - Keys MUST be kept apart exactly as plans are.
 * - `getState` MUST return a copy equal to the JSON round trip of the state written
 *   (properties set to `undefined` are left out, as `JSON.stringify` does).
 * - A `state` that is not a plain object of JSON values (null, booleans, finite numbers,
 *   strings, arrays and plain objects of them) MUST be refused with a
 *   {@link ConfigurationError} before anything is written: it is a caller's mistake.
 * - States have no epoch, so versions restart at 1 after a delete or an expiry. That is
 *   enough for bookkeeping that a delete or an expiry is meant to reset anyway.
 */

import type { CheckRecord } from '../check-record.js';
import type { CompletionEvidence } from '../evidence.js';
import type { PlanKey } from '../plan-key.js';
import type { SubAgentEndInfo } from '../sub-agent-link.js';
import type { PlanRecord } from '../todo-item.js';

/** A record together with the version it was stored at. */
export interface VersionedPlan {
  version: number;
  record: PlanRecord;
  /** This lifetime of the plan (see the epoch rule above); absent when the store has none. */
  epoch?: string;
}

/** What made a change: the tool (or host call) and, when known, the model's tool-call id. */
export interface ChangeSource {
  /** Tool name such as `todo_write`, or a host operation such as `host:clear`. */
  tool: string;
  callId?: string;
  /** One-line summary for timelines ("added #4", "completed #2: tests pass"). */
  summary?: string;
  /** `person` when a person made the change (`plankeeper todos`, the dashboard), not a model. */
  by?: 'person';
  /** The person's name, when they gave one. */
  name?: string;
  /** A person's change as data, so each language can tell the model what was done. */
  edit?: PersonEditInfo;
  /**
   * A person's several changes made in one save (a plan file edited in an editor), oldest
   * first: one save is one revision. Read both with `personEdits` (person-edits.ts).
   */
  edits?: ItemEditInfo[];
  /** In a shared list: the session that wrote the change (OperationMeta.owner). */
  owner?: string;
  /** How a sub-agent on one of the plan's items ended, so the parent model can be told. */
  subAgent?: SubAgentEndInfo;
  /** Why each item this write completed counted as done (the evidence rule, when on). */
  evidence?: CompletionEvidence[];
  /** A `host:check` revision: how the person's check ran (see PlanEngine.recordCheck). */
  check?: CheckRecord;
  /**
   * Items a whole-list write kept as a person had changed them: the writer had not seen
   * the change, and its list said otherwise (see operations/person-kept.ts).
   */
  keptForPerson?: string[];
  /**
   * Lines of a plan file (stores/plan-file) a person wrote that are not plan items
   * (headings, prose, an unknown marker), kept as they are; named once, when they appear.
   */
  unreadLines?: { line: number; text: string }[];
}

/** What a person did, in the change source: a change to one item, or the plan's approval. */
export type PersonEditInfo = ItemEditInfo | { kind: 'approve' };

/**
 * A person's change to one item: the kind, the item, and where it went. `remove`, `start`
 * (set in progress) and `reopen` (back to pending) come from a plan file a person edited.
 */
export interface ItemEditInfo {
  kind: 'add' | 'cancel' | 'done' | 'edit' | 'move' | 'note' | 'remove' | 'start' | 'reopen';
  id: string;
  /** `add` after this item, or `move` before it (a `move` without one: to the end). */
  anchor?: string;
  /** `add` of a line whose id another item already had (a merge of two branches): that id. */
  renumberedFrom?: string;
  /** Why a person cancelled or completed the item, when they said. */
  reason?: string;
  /**
   * The fields an `edit` changed, where more than the text can change (a plan file's line and
   * its sub-lines). Absent: the text only, as `plankeeper todos --edit` does.
   */
  fields?: EditedField[];
}

/** The fields of an item a person's `edit` may change. */
export type EditedField = 'content' | 'description' | 'owner' | 'blockedBy';

export interface WriteOptions {
  /** Expire the plan this long after this write. */
  ttlMs?: number;
  source?: ChangeSource;
  /**
   * Also require the stored plan to be of this epoch (ignored when creating, expected
   * version 0). The engine sets it only with an epoch the store gave it.
   */
  expectedEpoch?: string;
}

export type CompareAndSetResult =
  | { ok: true; version: number; epoch?: string }
  | { ok: false; currentVersion: number };

/** One entry of a plan's history. `record` is null for a delete. */
export interface PlanRevision {
  version: number;
  at: number;
  record: PlanRecord | null;
  source: ChangeSource;
}

/** Delivered to subscribers after each accepted write or delete. */
export interface PlanChange extends PlanRevision {
  key: PlanKey;
}

export interface PlanListing {
  key: PlanKey;
  version: number;
  updatedAt: number;
  /** Item counts, so listings of many sessions need no second read. */
  total: number;
  open: number;
}

/** Narrows a listing; `agent` and `session` match exactly. */
export interface ListFilter {
  agent?: string;
  session?: string;
}

export type Unsubscribe = () => void;

/** A key's harness state (see the harness state rules above) with the version it was stored at. */
export interface VersionedState {
  version: number;
  state: Record<string, unknown>;
}

export interface StateWriteOptions {
  /** Expire the state this long after this write. */
  ttlMs?: number;
}

export type CompareAndSetStateResult =
  | { ok: true; version: number }
  | { ok: false; currentVersion: number };

export interface PlanStore {
  get(key: PlanKey): Promise<VersionedPlan | undefined>;
  compareAndSet(
    key: PlanKey,
    expectedVersion: number,
    record: PlanRecord,
    options?: WriteOptions,
  ): Promise<CompareAndSetResult>;
  /** Removes the plan; resolves false when there was nothing to remove. */
  delete(key: PlanKey, options?: { source?: ChangeSource }): Promise<boolean>;
  list(filter?: ListFilter): Promise<PlanListing[]>;
  history(key: PlanKey, options?: { limit?: number }): Promise<PlanRevision[]>;
  subscribe(listener: (change: PlanChange) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
  /** The key's harness state, or `undefined` when none is stored or it expired. Optional. */
  getState?(key: PlanKey): Promise<VersionedState | undefined>;
  /** Writes the key's harness state when its stored version is `expectedVersion`. Optional. */
  compareAndSetState?(
    key: PlanKey,
    expectedVersion: number,
    state: Record<string, unknown>,
    options?: StateWriteOptions,
  ): Promise<CompareAndSetStateResult>;
  /**
   * The same store for a caller with a deadline inside a long-lived process (an in-process
   * hook): each call through it waits for another process's lock at most `longestMs`, and
   * MUST NOT hold the process while it waits, then fails as a busy store does. Optional: a
   * store whose waits already let the process run need not have it.
   */
  withLockWaitLimit?(longestMs: number): PlanStore;
}
