/**
 * `todos_complete`: mark items done, storing the reason as the item's note so a person
 * (or a verifier) can later see why each step counted as done.
 */
import { isBlankText } from '../blank-text.js';
import type { PlanLimits } from '../limits.js';
import type { PlanIssue } from '../plan-issue.js';
import { quotedText } from '../render.js';
import type { PlanRecord, TodoItem } from '../todo-item.js';
import {
  checkOrder,
  type DependencyFacts,
  type DependencyMode,
  dependencyFacts,
} from './dependencies.js';
import {
  characterIssues,
  duplicateIssues,
  idIssue,
  normalizeId,
  type OperationResult,
} from './operation-result.js';

export interface CompleteItemInput {
  id: string | number;
  reason: string;
}

export interface CompleteFacts extends DependencyFacts {
  completed: TodoItem[];
  /** Ids that were already completed; completing them again changes nothing. */
  alreadyCompleted: string[];
}

export function completeItems(
  record: PlanRecord,
  input: readonly CompleteItemInput[],
  limits: PlanLimits,
  dependencies: DependencyMode = 'warn',
): OperationResult<CompleteFacts> {
  // A plan never holds more than maxItems items, so a longer list is wrong as a whole;
  // checking it entry by entry would only cost time and a reply nobody can read.
  if (input.length > limits.maxItems) {
    const count = input.length;
    return {
      ok: false,
      issues: [{ code: 'too_many_entries', path: ['items'], maximum: limits.maxItems, count }],
    };
  }
  const ids = input.map((entry) => normalizeId(entry.id));
  const issues = entryIssues(record, input, ids);
  if (issues.length > 0) return { ok: false, issues };

  const reasons = new Map(input.map((entry, index) => [ids[index]!, entry.reason.trim()]));
  const completed: TodoItem[] = [];
  const alreadyCompleted: string[] = [];
  const items = record.items.map((item) => {
    const reason = reasons.get(item.id);
    if (reason === undefined) return item;
    if (item.status === 'completed') {
      alreadyCompleted.push(item.id);
      return item;
    }
    const done: TodoItem = { ...item, status: 'completed', note: reason };
    completed.push(done);
    return done;
  });
  const position = new Map(ids.map((id, index) => [id!, index]));
  const order = checkOrder(
    record.items,
    items,
    dependencies,
    (item) => ({ id: item.id, content: item.content }),
    (item) => ['items', position.get(item.id)!, 'id'],
  );
  if (order.issues.length > 0) return { ok: false, issues: order.issues };
  // The reason is the model's words: quoted (one line, escaped), so no viewer of the history
  // can take it for plankeeper's own or a person's line.
  const summary = completed
    .map((item) => `completed #${item.id}: ${quotedText(item.note!)}`)
    .join('; ');
  return {
    ok: true,
    items,
    nextId: record.nextId,
    facts: { completed, alreadyCompleted, ...dependencyFacts({ outOfOrder: order.outOfOrder }) },
    summary: summary || 'nothing new completed',
  };
}

/** What is wrong with the entries: none, bad, unknown or repeated ids, blank or unstorable reasons. */
function entryIssues(
  record: PlanRecord,
  input: readonly CompleteItemInput[],
  ids: readonly (string | undefined)[],
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (input.length === 0) issues.push({ code: 'empty_list', path: ['items'] });
  const known = record.items.map((item) => item.id);
  input.forEach((entry, index) => {
    const issue = idIssue(entry.id, ids[index], known, ['items', index, 'id']);
    if (issue) issues.push(issue);
    if (isBlankText(entry.reason)) issues.push({ code: 'blank', path: ['items', index, 'reason'] });
    issues.push(...characterIssues(entry, ['reason'], ['items', index]));
  });
  issues.push(...duplicateIssues(ids, (index) => ['items', index, 'id']));
  return issues;
}
