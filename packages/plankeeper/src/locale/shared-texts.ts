/**
 * What the model reads about a shared list: whose an item is when a write is refused, and
 * who else is at work. Owners are host session names, shown as they are (quoted when unsafe).
 */
import type { PlanIssue } from '../engine/plan-issue.js';
import type { TodoItem } from '../engine/todo-item.js';

/** Another session's item in progress, as the others line names it. */
export interface OthersWork {
  owner: string;
  id: string;
  content: string;
}

export interface SharedTexts {
  /** The corrective line for an item another session owns. */
  ownedByOther(issue: Extract<PlanIssue, { code: 'owned_by_other' }>): string;
  /** After a whole-list write: the items it sent in progress are other sessions' (a late claim). */
  busy(items: readonly TodoItem[]): string;
  /** One line under the plan: what the other sessions are working on ("Others: sess-b on #4 …"). */
  others(work: readonly OthersWork[], more: number): string;
}
