/**
 * A shared list seen by one session: what the other sessions are working on, and the plan
 * without their items in progress (which this session may not touch, so its finish check,
 * nudge and "open" ids leave them out).
 */
import type { TodoItem } from '../engine/todo-item.js';
import type { Locale } from '../locale/locale.js';
import type { OthersWork } from '../locale/shared-texts.js';

/** Others' items listed on the line; more are counted. */
const MAX_LISTED = 3;

/** True for an item another session than `owner` is working on. */
export function isOthersWork(item: TodoItem, owner: string | undefined): boolean {
  return item.status === 'in_progress' && item.owner !== undefined && item.owner !== owner;
}

/** The items without the others' work in progress. */
export function withoutOthersWork(
  items: readonly TodoItem[],
  owner: string | undefined,
): TodoItem[] {
  return items.filter((item) => !isOthersWork(item, owner));
}

/** The "Others: …" line, or undefined when no other session is at work. */
export function othersLine(
  items: readonly TodoItem[],
  owner: string | undefined,
  locale: Locale,
): string | undefined {
  const work: OthersWork[] = items
    .filter((item) => isOthersWork(item, owner))
    .map((item) => ({ owner: item.owner!, id: item.id, content: item.content }));
  if (work.length === 0) return undefined;
  return locale.shared.others(work.slice(0, MAX_LISTED), Math.max(0, work.length - MAX_LISTED));
}
