/**
 * The todo item and the plan record a store keeps.
 */
import type { CheckRecord } from './check-record.js';
import { type SubAgentLink, sameSubAgentLink } from './sub-agent-link-field.js';

/** Every status an item can have; `cancelled` keeps a dropped step visible instead of deleting it. */
export const TODO_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;

export type TodoStatus = (typeof TODO_STATUSES)[number];

/** One step of a plan. `id` is assigned by the engine: digits, increasing, never reused. */
export interface TodoItem {
  id: string;
  content: string;
  status: TodoStatus;
  description?: string;
  /** Present-continuous form shown while the item is in progress ("Searching the policy"). */
  activeForm?: string;
  /** Why the item was completed or cancelled, as the model reported it. */
  note?: string;
  /** Ids of items in the same plan this one waits for; absent when it waits for none. */
  blockedBy?: string[];
  /**
   * In a shared list: the session that started the item (kept once it is completed, as who
   * finished it). Set by the engine from the host's `meta.owner`, never from tool arguments.
   */
  owner?: string;
  /** The sub-agent the host delegated this item to (see sub-agent-link.ts); hosts set it, models cannot. */
  subAgent?: SubAgentLink;
}

/** Format version of {@link PlanRecord}; a store refuses records of a version it does not know. */
export const PLAN_FORMAT = 1;

/** What a store keeps for one plan. */
export interface PlanRecord {
  format: typeof PLAN_FORMAT;
  items: TodoItem[];
  /** The id the next added item gets. Only ever grows, so removed ids are never handed out again. */
  nextId: number;
  /** Milliseconds since the epoch of the last accepted write. */
  updatedAt: number;
  /** The host's user-turn id at the last accepted write; a plan from an earlier turn is a leftover. */
  turn?: string;
  /**
   * The host's current user turn, noted when a turn starts while this plan exists. With
   * open items and `turn !== activeTurn`, the plan is a leftover of an earlier request;
   * viewers such as the dashboard can tell without knowing the host's turns.
   */
  activeTurn?: string;
  /** A person's approval of the plan's steps, when a host asks for one (see approve.ts). */
  approval?: PlanApproval;
  /**
   * Set when the host that last wrote the plan holds its tools until a person approves it
   * (its approval rule, `once` or `on-change`). A viewer (the dashboard, `plankeeper todos`)
   * can then tell a plan that waits for a person from one no host asks approval for.
   */
  approvalRule?: ApprovalAgain;
  /** The last run of the person's check (see PlanEngine.recordCheck): what verified the plan. */
  lastCheck?: CheckRecord;
}

/** When an approved plan needs approval again (see operations/approve.ts). */
export type ApprovalAgain = 'once' | 'on-change';

/** Who approved which steps when: `steps` is a fingerprint of the items' ids and texts. */
export interface PlanApproval {
  steps: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** The person's name, when they gave one. */
  name?: string;
}

/** True when a stored plan still has open items from a user turn before the current one. */
export function isLeftoverRecord(
  record: Pick<PlanRecord, 'items' | 'turn' | 'activeTurn'>,
): boolean {
  return (
    record.activeTurn !== undefined &&
    record.turn !== record.activeTurn &&
    record.items.some(isOpen)
  );
}

/**
 * True when a plan still has open items and nothing wrote it for `staleAfterMs`: its
 * agent may have given up on it. The one rule for "stale"; viewers such as the dashboard
 * pass a listing or summary (`open` items, `updatedAt`) and their clock and threshold.
 */
export function isStalePlan(
  plan: { open: number; updatedAt: number },
  clock: { now: number; staleAfterMs: number },
): boolean {
  return plan.open > 0 && clock.now - plan.updatedAt >= clock.staleAfterMs;
}

/** True for items that still need work. */
export function isOpen(item: Pick<TodoItem, 'status'>): boolean {
  return item.status === 'pending' || item.status === 'in_progress';
}

/** True when both lists hold the same items, field for field, in the same order. */
export function sameItems(before: readonly TodoItem[], after: readonly TodoItem[]): boolean {
  return (
    before.length === after.length &&
    before.every((item, index) => {
      const other = after[index]!;
      return (
        item.id === other.id &&
        item.content === other.content &&
        item.status === other.status &&
        item.description === other.description &&
        item.activeForm === other.activeForm &&
        item.note === other.note &&
        sameBlockers(item.blockedBy, other.blockedBy) &&
        item.owner === other.owner &&
        sameSubAgentLink(item.subAgent, other.subAgent)
      );
    })
  );
}

export function sameBlockers(
  a: readonly string[] | undefined,
  b: readonly string[] | undefined,
): boolean {
  if (a === b) return true;
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * True when storing `after` over `before` would change nothing but the write time: the
 * same items, next id and turns. The turns count, since a re-sent list in a new turn
 * takes the plan over into that turn (it is then no leftover).
 */
export function samePlan(before: PlanRecord, after: PlanRecord): boolean {
  return (
    before.nextId === after.nextId &&
    before.turn === after.turn &&
    before.activeTurn === after.activeTurn &&
    before.approval?.steps === after.approval?.steps &&
    before.approval?.name === after.approval?.name &&
    before.approvalRule === after.approvalRule &&
    sameItems(before.items, after.items)
  );
}

/** A deep copy, so callers can never reach into stored state. */
export function copyItems(items: readonly TodoItem[]): TodoItem[] {
  return items.map((item) =>
    item.blockedBy || item.subAgent
      ? {
          ...item,
          ...(item.blockedBy && { blockedBy: [...item.blockedBy] }),
          ...(item.subAgent && { subAgent: { ...item.subAgent } }),
        }
      : { ...item },
  );
}

/** A record whose items can be changed without touching `record`'s. */
export function copyRecord(record: PlanRecord): PlanRecord {
  return { ...record, items: copyItems(record.items) };
}

export function emptyRecord(now: number): PlanRecord {
  return { format: PLAN_FORMAT, items: [], nextId: 1, updatedAt: now };
}

/** Counts per status, used by renderers and results. */
export interface PlanProgress {
  total: number;
  completed: number;
  cancelled: number;
  inProgress: number;
  pending: number;
}

export function progressOf(items: readonly TodoItem[]): PlanProgress {
  const progress = { total: items.length, completed: 0, cancelled: 0, inProgress: 0, pending: 0 };
  for (const item of items) {
    if (item.status === 'completed') progress.completed++;
    else if (item.status === 'cancelled') progress.cancelled++;
    else if (item.status === 'in_progress') progress.inProgress++;
    else progress.pending++;
  }
  return progress;
}
