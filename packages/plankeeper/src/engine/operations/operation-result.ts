import type { IssuePath, PlanIssue } from '../plan-issue.js';
import { findUnstorable } from '../storable-text.js';
import type { TodoItem } from '../todo-item.js';

/** What a pure plan operation decided: the new items and facts for the result, or why not. */
export type OperationResult<Facts> =
  | {
      ok: true;
      items: TodoItem[];
      nextId: number;
      facts: Facts;
      summary: string;
      /** Items kept as a person changed them, for the revision (ChangeSource.keptForPerson). */
      keptForPerson?: string[];
    }
  | { ok: false; issues: PlanIssue[] };

/** Ids arrive as digit strings or positive integers; everything downstream sees strings. */
export function normalizeId(id: string | number): string | undefined {
  const text = typeof id === 'number' ? String(id) : id.trim();
  return /^[1-9]\d*$/.test(text) ? text : undefined;
}

/**
 * The issue of one id the model sent (`raw`, normalized as `id`): malformed, or naming no item
 * of the plan (`known`); undefined when it names one. `omitToAdd` marks a whole-list write, where
 * leaving the id out would add the entry instead.
 */
export function idIssue(
  raw: unknown,
  id: string | undefined,
  known: readonly string[],
  path: (string | number)[],
  omitToAdd = false,
): PlanIssue | undefined {
  if (id === undefined) return { code: 'bad_id', path, received: String(raw) };
  if (known.includes(id)) return undefined;
  return { code: 'unknown_id', path, id, known, ...(omitToAdd && { omitToAdd: true as const }) };
}

/** Finds ids listed more than once; each repeat after the first is reported at its index. */
export function duplicateIssues(
  ids: readonly (string | undefined)[],
  pathOf: (index: number) => (string | number)[],
): PlanIssue[] {
  const seen = new Set<string>();
  const issues: PlanIssue[] = [];
  ids.forEach((id, index) => {
    if (id === undefined) return;
    if (seen.has(id)) issues.push({ code: 'duplicate_id', path: pathOf(index), id });
    seen.add(id);
  });
  return issues;
}

/** A `bad_character` issue for each of `fields` of `entry` whose text no plan may hold. */
export function characterIssues(
  entry: object,
  fields: readonly string[],
  path: IssuePath,
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  for (const field of fields) {
    const value = (entry as Record<string, unknown>)[field];
    const found = typeof value === 'string' ? findUnstorable(value) : undefined;
    if (found)
      issues.push({ code: 'bad_character', path: [...path, field], character: found.character });
  }
  return issues;
}

/** Where `id` was sent in `list` (ids as strings or numbers), for an issue's path. */
export function placeOf(list: readonly (string | number)[], id: string, field: string): IssuePath {
  const index = list.findIndex((entry) => String(entry).trim() === id);
  return index < 0 ? [field] : [field, index];
}
