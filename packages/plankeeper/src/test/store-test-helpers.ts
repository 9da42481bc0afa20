/**
 * Small helpers for store tests: a plan record with defaults, and waiting for a change.
 */
import { PLAN_FORMAT, type PlanRecord, type TodoItem } from '../engine/todo-item.js';

/** A plan record with the given items; `nextId` defaults to one past the highest id. */
export function planRecord(
  items: Partial<TodoItem>[],
  extra: Partial<PlanRecord> = {},
): PlanRecord {
  const full = items.map(
    (item, index): TodoItem => ({
      id: String(index + 1),
      content: `step ${index + 1}`,
      status: 'pending',
      ...item,
    }),
  );
  return {
    format: PLAN_FORMAT,
    items: full,
    nextId: full.reduce((high, item) => Math.max(high, Number(item.id) + 1), 1),
    updatedAt: 1_700_000_000_000,
    ...extra,
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` returns true; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}
