/**
 * Entries of a sent list that a dry run goes without: one whose content is missing or of
 * the wrong type has no repair, but the other entries can still be checked against the
 * plan. Their findings name places in the shortened list; this puts them back at the
 * places the model sent them.
 */
import type { PlanIssue } from '../engine/plan-issue.js';

export interface LeftOutEntries {
  /** The list's field ("todos", "items", "ids"). */
  list: string;
  /** For each entry the dry run checked, its index in the sent list. */
  kept: readonly number[];
  /** How many entries were left out. */
  count: number;
}

/** `issues` of the dry run, at the indices and counts of the list the model sent. */
export function atSentPlaces(issues: readonly PlanIssue[], leftOut: LeftOutEntries): PlanIssue[] {
  const sent = (index: number) => leftOut.kept[index] ?? index;
  return issues.map((issue) => {
    const [list, index, ...rest] = issue.path;
    if (list !== leftOut.list) return issue;
    if (typeof index === 'number') return { ...issue, path: [list, sent(index), ...rest] };
    if (issue.code === 'multiple_in_progress') {
      return {
        ...issue,
        entries: issue.entries.map((entry) => ({ ...entry, index: sent(entry.index) })),
      };
    }
    // Every sent entry counts towards the limit, whatever is wrong with it.
    if (issue.code === 'too_many_items') return { ...issue, count: issue.count + leftOut.count };
    return issue;
  });
}
