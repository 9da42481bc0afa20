/**
 * Arguments with their repairable problems repaired, for a dry run against the plan. A
 * call rejected for an over-long text alone would otherwise hide a blank entry or an
 * unknown id until the model had fixed the first problem and tried again.
 */
import type { z } from 'zod';
import type { PlanIssue } from '../engine/plan-issue.js';

/**
 * Problems with an obvious repair that keeps the rest of the call meaningful. A todo list
 * with too many items is not among them: cutting it would make the dry run report the
 * cut items as dropped.
 */
const REPAIRABLE = new Set<PlanIssue['code']>(['unknown_field', 'too_long', 'too_many_entries']);

/** `value` repaired and parsed again, or undefined when some problem has no repair. */
export function repairedInput<Schema extends z.ZodType>(
  schema: Schema,
  value: Record<string, unknown>,
  issues: readonly PlanIssue[],
): z.output<Schema> | undefined {
  if (issues.length === 0 || issues.some((issue) => !REPAIRABLE.has(issue.code))) return;
  // Bounds were checked before validation, so this copy is small and shallow.
  const repaired = structuredClone(value);
  for (const issue of issues) {
    const { path } = issue;
    let parent: unknown = repaired;
    for (const part of path.slice(0, -1)) {
      parent = (parent as Record<string | number, unknown>)[part];
    }
    if (typeof parent !== 'object' || parent === null) return;
    const container = parent as Record<string | number, unknown>;
    const name = path[path.length - 1];
    if (name === undefined) return;
    const current = container[name];
    if (issue.code === 'unknown_field') delete container[name];
    else if (issue.code === 'too_long' && typeof current === 'string') {
      container[name] = current.slice(0, issue.maximum);
    } else if (issue.code === 'too_many_entries' && Array.isArray(current)) {
      container[name] = current.slice(0, issue.maximum);
    } else return;
  }
  const result = schema.safeParse(repaired);
  return result.success ? result.data : undefined;
}
