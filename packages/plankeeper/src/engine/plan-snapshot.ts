import type { PlanApproval, PlanRecord, TodoItem } from './todo-item.js';

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

/**
 * Wraps a record the caller owns: records from the store are copies by contract, and
 * records built by an operation were copied into the store, so no copy is needed here.
 */
export function toSnapshot(record: PlanRecord, version: number, absent: boolean): PlanSnapshot {
  return {
    items: record.items,
    version,
    nextId: record.nextId,
    updatedAt: absent ? undefined : record.updatedAt,
    turn: record.turn,
    ...(record.approval && { approval: record.approval }),
  };
}
