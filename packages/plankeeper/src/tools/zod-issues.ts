/**
 * Turns zod's issues into plankeeper's {@link PlanIssue}s, which carry what the model
 * needs to fix its call: the item, the field, what was expected and what came.
 */
import type { z } from 'zod';
import type { PlanIssue } from '../engine/plan-issue.js';
import { typeName } from './parse-arguments.js';

type Path = (string | number)[];

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

export function fromZodIssues(input: unknown, issues: readonly z.core.$ZodIssue[]): PlanIssue[] {
  return issues.map((issue): PlanIssue => {
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
          received: typeName(received),
        };
      case 'unrecognized_keys':
        return {
          code: 'unknown_field',
          path: [...path, issue.keys[0] ?? ''],
          field: issue.keys.join(', '),
          allowed: [],
        };
      case 'invalid_value':
        return last === 'status'
          ? { code: 'bad_status', path, received: JSON.stringify(received) }
          : {
              code: 'wrong_type',
              path,
              expected: issue.values.join(' | '),
              received: String(received),
            };
      case 'invalid_union':
      case 'invalid_format':
        return { code: 'bad_id', path, received: JSON.stringify(received) ?? 'undefined' };
      case 'too_big':
        if (issue.origin === 'array') {
          return {
            code: 'too_many_items',
            path,
            maximum: Number(issue.maximum),
            count: Array.isArray(received) ? received.length : 0,
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
        if (last === 'id' || typeof last === 'number') {
          return { code: 'bad_id', path, received: JSON.stringify(received) };
        }
        return { code: 'blank', path };
      default:
        return { code: 'wrong_type', path, expected: 'valid value', received: typeName(received) };
    }
  });
}
