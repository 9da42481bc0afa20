/**
 * The whole validation path for one tool call's arguments: strict JSON, object shape,
 * aliases, then the zod schema. Returns every problem at once so the model can fix its
 * call in one go.
 */
import { z } from 'zod';
import type { PlanIssue } from '../engine/plan-issue.js';
import { parseArguments, typeName } from './parse-arguments.js';
import { fromZodIssues } from './zod-issues.js';

export type ValidatedInput<T> = { ok: true; value: T } | { ok: false; issues: PlanIssue[] };

export function validateInput<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  normalize?: (value: Record<string, unknown>) => PlanIssue[],
): ValidatedInput<z.output<Schema>> {
  const parsed = parseArguments(raw);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, issues: [{ code: 'not_object', path: [], received: typeName(value) }] };
  }
  // Normalizing works on a copy: the caller's arguments object is never modified. A
  // value parsed from a string is already ours.
  const copy = (normalize && typeof raw !== 'string' ? structuredClone(value) : value) as Record<
    string,
    unknown
  >;
  const aliasIssues = normalize?.(copy) ?? [];
  const result = schema.safeParse(copy);
  if (result.success && aliasIssues.length === 0) return { ok: true, value: result.data };
  const issues = result.success ? [] : fromZodIssues(copy, result.error.issues);
  for (const issue of issues) {
    if (issue.code === 'unknown_field') {
      issue.allowed = keysAt(schema, issue.path.slice(0, -1));
    }
  }
  return { ok: false, issues: [...aliasIssues, ...issues] };
}

/** The field names the schema allows at an object path, for "Allowed: ..." hints. */
function keysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  let node: z.ZodType = schema;
  for (const part of path) {
    while (node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
    if (typeof part === 'number' && node instanceof z.ZodArray) node = node.element as z.ZodType;
    else if (typeof part === 'string' && node instanceof z.ZodObject) {
      const next = node.shape[part] as z.ZodType | undefined;
      if (!next) return [];
      node = next;
    } else return [];
  }
  while (node instanceof z.ZodOptional) node = node.unwrap() as z.ZodType;
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}
