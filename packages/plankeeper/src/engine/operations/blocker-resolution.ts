/**
 * Blockers as a model wrote them (ids, or the exact text of another entry) resolved into
 * ids of the plan, refusing unknown and ambiguous ones.
 */
import type { PlanIssue } from '../plan-issue.js';
import type { TodoItem } from '../todo-item.js';
import type { BlockerSource } from './dependency-types.js';
import { normalizeId } from './operation-result.js';

/**
 * Turns each entry's blockers into ids. A digit string or number is an id and must name an
 * existing item that stays in the plan (`plan`); any other text must be the exact content of
 * exactly one other entry of the call (`named`: every entry of it, with its id). Repeats
 * collapse to one.
 */
export function resolveBlockers(
  entries: readonly BlockerSource[],
  named: readonly { id: string; content: string }[],
  plan: ReadonlySet<string>,
  listName: string,
): { resolved: Map<number, string[]>; issues: PlanIssue[] } {
  const issues: PlanIssue[] = [];
  const resolved = new Map<number, string[]>();
  let byContent: Map<string, string[]> | undefined;
  const known = [...plan];
  for (const entry of entries) {
    const ids: string[] = [];
    entry.blockedBy.forEach((raw, at) => {
      const path = [listName, entry.index, 'blockedBy', at];
      const text = typeof raw === 'number' ? String(raw) : raw.trim();
      let id: string | undefined;
      if (/^\d+$/.test(text)) {
        id = normalizeId(text);
        if (id === undefined || !plan.has(id)) {
          issues.push({ code: 'unknown_blocker', path, received: text, known });
          return;
        }
      } else {
        byContent ??= contentIndex(named);
        const matches = byContent.get(text)?.filter((other) => other !== entry.id) ?? [];
        if (matches.length !== 1) {
          issues.push({
            code: matches.length === 0 ? 'unknown_blocker' : 'ambiguous_blocker',
            path,
            received: text,
            known,
          });
          return;
        }
        id = matches[0]!;
      }
      if (!ids.includes(id)) ids.push(id);
    });
    resolved.set(entry.index, ids);
  }
  return { resolved, issues };
}

export function contentIndex(
  entries: readonly { id: string; content: string }[],
): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const entry of entries) {
    const ids = index.get(entry.content);
    if (ids) ids.push(entry.id);
    else index.set(entry.content, [entry.id]);
  }
  return index;
}

/** True when some item of the list waits for another. */
export function hasBlockers(items: readonly TodoItem[]): boolean {
  return items.some((item) => item.blockedBy !== undefined && item.blockedBy.length > 0);
}

export const ZERO = 48;

export function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > ZERO + 9) return false;
  }
  return true;
}
