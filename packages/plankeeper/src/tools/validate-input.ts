/**
 * The whole validation path for one tool call's arguments: strict JSON, object shape,
 * aliases, then the zod schema. Returns every problem at once so the model can fix its
 * call in one go.
 */
import { z } from 'zod';
import type { PlanIssue } from '../engine/plan-issue.js';
import { parseArguments, typeName } from './parse-arguments.js';
import { fromZodIssues } from './zod-issues.js';

export type ValidatedInput<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      issues: PlanIssue[];
      /**
       * The arguments with the unknown fields left out, when those were the only
       * problem: the tool can still check them against the plan, so the model hears
       * about every mistake in one reply instead of one kind per try.
       */
      lenient?: T;
    };

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
  const lenient = aliasIssues.length === 0 ? withoutUnknownFields(schema, copy, issues) : undefined;
  return {
    ok: false,
    issues: [...aliasIssues, ...issues],
    ...(lenient !== undefined && { lenient }),
  };
}

/** Parses `value` again without the fields `issues` call unknown, when that is all they say. */
function withoutUnknownFields<Schema extends z.ZodType>(
  schema: Schema,
  value: Record<string, unknown>,
  issues: readonly PlanIssue[],
): z.output<Schema> | undefined {
  if (issues.length === 0 || issues.some((issue) => issue.code !== 'unknown_field')) return;
  const stripped = structuredClone(value);
  for (const { path } of issues) {
    let parent: unknown = stripped;
    for (const part of path.slice(0, -1))
      parent = (parent as Record<string | number, unknown>)[part];
    if (typeof parent === 'object' && parent !== null) {
      delete (parent as Record<string | number, unknown>)[path[path.length - 1]!];
    }
  }
  const result = schema.safeParse(stripped);
  return result.success ? result.data : undefined;
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
