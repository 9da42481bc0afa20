/**
 * The whole validation path for one tool call's arguments: size bounds, strict JSON,
 * object shape, aliases, then the zod schema. Returns every problem at once so the model
 * can fix its call in one go.
 */
import { z } from 'zod';
import type { PlanIssue } from '../engine/plan-issue.js';
import {
  exceededBound,
  GENERIC_INPUT_BOUNDS,
  type InputBounds,
  oversizedText,
} from './input-bounds.js';
import type { LeftOutEntries } from './left-out-entries.js';
import { parseArguments, typeName } from './parse-arguments.js';
import { repairedInput } from './repaired-input.js';
import { fromZodIssues } from './zod-issues.js';

export type ValidatedInput<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      issues: PlanIssue[];
      /**
       * The arguments with the problems that have an obvious repair repaired (unknown
       * fields and bad optional values left out, over-long texts and lists cut to their
       * limit, a bad status read as pending, an entry without a repair left out): the
       * tool can still check them against the plan, so the model hears about every
       * mistake in one reply instead of one kind per try.
       */
      lenient?: T;
      /** The repair left an id or an entry out; dropped-item findings of a dry run are unsure. */
      lenientIdsChanged?: true;
      /** Entries `lenient` goes without; a dry run's findings must be put back in place. */
      lenientLeftOut?: LeftOutEntries;
    };

export function validateInput<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  normalize?: (value: Record<string, unknown>) => PlanIssue[],
  bounds: InputBounds = GENERIC_INPUT_BOUNDS,
): ValidatedInput<z.output<Schema>> {
  // Size first: everything after this point costs time and memory in proportion to it.
  const oversized = typeof raw === 'string' ? oversizedText(raw, bounds) : undefined;
  if (oversized) return { ok: false, issues: [oversized] };
  const parsed = parseArguments(raw);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, issues: [{ code: 'not_object', path: [], received: typeName(value) }] };
  }
  const exceeded = exceededBound(value, bounds);
  if (exceeded) {
    if (exceeded.code === 'unknown_field') {
      exceeded.allowed = keysAt(schema, exceeded.path.slice(0, -1));
    }
    return { ok: false, issues: [exceeded] };
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
  const repaired = aliasIssues.length === 0 ? repairedInput(schema, copy, issues) : undefined;
  return {
    ok: false,
    issues: [...aliasIssues, ...issues],
    ...(repaired && { lenient: repaired.value }),
    ...(repaired?.idsChanged && { lenientIdsChanged: true as const }),
    ...(repaired?.leftOut && { lenientLeftOut: repaired.leftOut }),
  };
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
