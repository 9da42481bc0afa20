/**
 * Arguments with their repairable problems repaired, for a dry run against the plan. A
 * call rejected for an over-long text or a bad status alone would otherwise hide a blank
 * entry or an unknown id until the model had fixed the first problem and tried again.
 * An entry with a problem that has no repair (its content missing, or not an object at
 * all) is left out, so the others are still checked.
 */
import type { z } from 'zod';
import type { PlanIssue } from '../engine/plan-issue.js';
import type { LeftOutEntries } from './left-out-entries.js';

export interface RepairedInput<T> {
  value: T;
  /**
   * An entry's id, or a whole entry, was left out: the dry run may then match it to
   * another item, or to none, so what it says about dropped items is not to be trusted.
   */
  idsChanged: boolean;
  /** Entries the dry run goes without; its findings name places in the shortened list. */
  leftOut?: LeftOutEntries;
}

/** Optional texts of an entry; a bad one is left out for the dry run. */
const OPTIONAL_TEXTS = new Set(['description', 'activeForm', 'note']);

/** Codes that mean "this field's value is unusable" rather than "this call is". */
const BAD_VALUE = new Set<PlanIssue['code']>(['wrong_type', 'null', 'bad_status', 'bad_id']);

type Container = Record<string | number, unknown>;

/**
 * How one problem is repaired in `container[name]`, or false when it has none. A todo
 * list with too many items has none: cutting it would make the dry run report the cut
 * items as dropped.
 */
function repair(
  issue: PlanIssue,
  container: Container,
  name: string | number,
  path: readonly (string | number)[],
): 'done' | 'id' | false {
  const current = container[name];
  if (issue.code === 'unknown_field') {
    delete container[name];
    return 'done';
  }
  if (issue.code === 'too_long' && typeof current === 'string') {
    container[name] = current.slice(0, issue.maximum);
    return 'done';
  }
  if (issue.code === 'too_many_entries' && Array.isArray(current)) {
    container[name] = current.slice(0, issue.maximum);
    return 'done';
  }
  // Only inside an entry of a list (todos[0].status), never the list itself.
  if (path.length !== 3 || typeof path[1] !== 'number') return false;
  if (name === 'status' && (BAD_VALUE.has(issue.code) || issue.code === 'missing')) {
    // pending adds no in_progress entry, so the dry run reports none that is not there.
    container[name] = 'pending';
    return 'done';
  }
  if (typeof name === 'string' && OPTIONAL_TEXTS.has(name) && BAD_VALUE.has(issue.code)) {
    delete container[name];
    return 'done';
  }
  // todo_write's id is optional; an entry without one is matched by content or added.
  if (name === 'id' && path[0] === 'todos' && BAD_VALUE.has(issue.code)) {
    delete container[name];
    return 'id';
  }
  return false;
}

/** `value` repaired and parsed again, or undefined when some problem has no repair. */
export function repairedInput<Schema extends z.ZodType>(
  schema: Schema,
  value: Record<string, unknown>,
  issues: readonly PlanIssue[],
): RepairedInput<z.output<Schema>> | undefined {
  if (issues.length === 0) return;
  // Bounds were checked before validation, so this copy is small and shallow.
  const repaired = structuredClone(value);
  let idsChanged = false;
  let list: string | undefined;
  const leftOut = new Set<number>();
  for (const issue of issues) {
    const { path } = issue;
    const name = path[path.length - 1];
    if (name === undefined) return;
    let parent: unknown = repaired;
    for (const part of path.slice(0, -1)) parent = (parent as Container)[part];
    if (typeof parent !== 'object' || parent === null) return;
    const done = repair(issue, parent as Container, name, path);
    if (done === 'id') idsChanged = true;
    if (done !== false) continue;
    // No repair: leave the whole entry out, or give up when the problem is not an entry's.
    const [field, index] = path;
    if (typeof field !== 'string' || typeof index !== 'number') return;
    if (!Array.isArray(repaired[field]) || (list !== undefined && list !== field)) return;
    list = field;
    leftOut.add(index);
  }
  let left: LeftOutEntries | undefined;
  if (list !== undefined) {
    const entries = repaired[list] as unknown[];
    const kept = entries.map((_, index) => index).filter((index) => !leftOut.has(index));
    // With nothing left, a dry run would only judge an empty list the model did not send.
    if (kept.length === 0) return;
    repaired[list] = kept.map((index) => entries[index]);
    left = { list, kept, count: entries.length - kept.length };
    idsChanged = true;
  }
  const result = schema.safeParse(repaired);
  if (!result.success) return;
  return { value: result.data, idsChanged, ...(left && { leftOut: left }) };
}
