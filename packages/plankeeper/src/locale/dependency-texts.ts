/**
 * What the model reads about item dependencies (`blockedBy`): the field's description,
 * the rejections, and the notes an accepted write carries (out of order, blockers taken
 * out, items unblocked). Kept in one place per language so the feature reads as a whole.
 */
import type { DetachedBlocker, OutOfOrder } from '../engine/operations/dependencies.js';
import type { PlanIssue } from '../engine/plan-issue.js';

export type DependencyIssue = Extract<
  PlanIssue,
  { code: 'unknown_blocker' | 'ambiguous_blocker' | 'dependency_cycle' | 'blocked' }
>;

export interface DependencyTexts {
  /** Description of `blockedBy` in `todo_write`. */
  writeField: string;
  /** Description of `blockedBy` in `todos_add`. */
  addField: string;
  /** Items started or completed while blockers were still open (`warn` mode). */
  outOfOrder(items: readonly OutOfOrder[]): string;
  /** Removed items taken out of the blockers of others. */
  detached(list: readonly DetachedBlocker[]): string;
  /** Items that wait for nothing open any more after a removal or cancellation. */
  unblocked(ids: readonly string[]): string;
  /** One corrective line for a dependency issue. */
  issue(issue: DependencyIssue, where: string): string;
}

export const DEPENDENCY_ISSUE_CODES: ReadonlySet<PlanIssue['code']> = new Set([
  'unknown_blocker',
  'ambiguous_blocker',
  'dependency_cycle',
  'blocked',
]);

export function isDependencyIssue(issue: PlanIssue): issue is DependencyIssue {
  return DEPENDENCY_ISSUE_CODES.has(issue.code);
}
