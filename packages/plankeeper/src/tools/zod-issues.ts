/**
 * Turns zod's issues into plankeeper's {@link PlanIssue}s, which carry what the model
 * needs to fix its call: the item, the field, what was expected and what came.
 */
import type { z } from 'zod';
import type { IssuePath, PlanIssue } from '../engine/plan-issue.js';
import { typeName } from './parse-arguments.js';

type Path = (string | number)[];

/** Unknown field names listed in one issue; a flood of them would bury the fix. */
const MAX_LISTED_FIELDS = 5;

/** Longest received value quoted back; the model needs a glimpse, not its input echoed. */
const MAX_QUOTED = 60;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

function fieldPath(path: readonly PropertyKey[]): Path {
  return path.map((part) => (typeof part === 'number' ? part : String(part)));
}

function expectedOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.expected;
  if (issue.code === 'invalid_value') return issue.values.map((value) => String(value)).join(' | ');
  if (issue.code === 'invalid_union') return 'item id';
  return 'value';
}

/** The received value as JSON, cut short. */
function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
}

/** An id's place: `todos[0].id`, `items[0].id` or `ids[0]`. */
function isIdPath(path: IssuePath): boolean {
  return path[path.length - 1] === 'id' || (path.length === 2 && path[0] === 'ids');
}

/** A string that parses as JSON of the expected type: the model sent the value encoded. */
function isEncoded(received: unknown, expected: string): boolean {
  if (typeof received !== 'string' || (expected !== 'array' && expected !== 'object')) return false;
  try {
    return typeName(JSON.parse(received)) === expected;
  } catch {
    return false;
  }
}

/** True when `outer` is `inner` or one of its ancestors. */
function isWithin(inner: readonly PropertyKey[], outer: readonly PropertyKey[]): boolean {
  return outer.length <= inner.length && outer.every((part, index) => inner[index] === part);
}

export function fromZodIssues(input: unknown, issues: readonly z.core.$ZodIssue[]): PlanIssue[] {
  // A value of the wrong type also fails the checks meant for the right type (a string
  // sent for `todos` fails the list's length bound by its character count); only the
  // type is worth saying.
  const wrongTypes = issues.filter((issue) => issue.code === 'invalid_type');
  const relevant = issues.filter(
    (issue) =>
      issue.code === 'invalid_type' ||
      !wrongTypes.some((wrong) => isWithin(issue.path, wrong.path)),
  );
  return relevant.map((issue): PlanIssue => {
    const path = fieldPath(issue.path);
    const received = valueAt(input, issue.path);
    const last = path[path.length - 1];
    if (issue.code !== 'unrecognized_keys') {
      if (received === undefined) return { code: 'missing', path, expected: expectedOf(issue) };
      if (received === null) return { code: 'null', path, expected: expectedOf(issue) };
    }
    switch (issue.code) {
      case 'invalid_type':
        if (path.length === 0) return { code: 'not_object', path, received: typeName(received) };
        return {
          code: 'wrong_type',
          path,
          expected: expectedOf(issue),
          // 1.5 for a whole number: the type is right, the value is what is wrong.
          received:
            issue.expected === 'int' && typeof received === 'number'
              ? String(received)
              : typeName(received),
          ...(isEncoded(received, issue.expected) && { encoded: true as const }),
        };
      case 'unrecognized_keys': {
        const listed = issue.keys.slice(0, MAX_LISTED_FIELDS).join(', ');
        return {
          code: 'unknown_field',
          path: [...path, issue.keys[0] ?? ''],
          field: issue.keys.length > MAX_LISTED_FIELDS ? `${listed}, …` : listed,
          allowed: [],
        };
      }
      case 'invalid_value':
        return last === 'status'
          ? { code: 'bad_status', path, received: quoted(received) }
          : {
              code: 'wrong_type',
              path,
              expected: issue.values.join(' | '),
              received: quoted(received),
            };
      case 'invalid_union':
      case 'invalid_format':
        return { code: 'bad_id', path, received: quoted(received) };
      case 'too_big':
        if (issue.origin === 'array') {
          const count = Array.isArray(received) ? received.length : 0;
          // `todos` is the plan itself; any other list is entries of one call.
          return path.length === 1 && path[0] === 'todos'
            ? { code: 'too_many_items', path, maximum: Number(issue.maximum), count }
            : { code: 'too_many_entries', path, maximum: Number(issue.maximum), count };
        }
        if (issue.origin === 'number' || issue.origin === 'int') {
          // zod bounds integers to the safe range, so 2**53 lands here, not as a type error.
          return isIdPath(path)
            ? { code: 'bad_id', path, received: quoted(received) }
            : {
                code: 'out_of_range',
                path,
                maximum: Number(issue.maximum),
                received: quoted(received),
              };
        }
        return {
          code: 'too_long',
          path,
          maximum: Number(issue.maximum),
          length: typeof received === 'string' ? received.length : 0,
        };
      case 'too_small':
        if (issue.origin === 'array') return { code: 'empty_list', path };
        if (isIdPath(path) || typeof last === 'number') {
          return { code: 'bad_id', path, received: quoted(received) };
        }
        return { code: 'blank', path };
      default:
        return { code: 'wrong_type', path, expected: 'valid value', received: typeName(received) };
    }
  });
}
