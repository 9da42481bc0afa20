/** `todos_add`: append items with fresh ids; they start `pending`. */
import { isBlankText } from '../blank-text.js';
import type { PlanLimits } from '../limits.js';
import type { PlanIssue } from '../plan-issue.js';
import type { PlanRecord, TodoItem } from '../todo-item.js';
import { addDependencies, type BlockerInput } from './dependencies.js';
import { characterIssues, type OperationResult } from './operation-result.js';

export interface AddItemInput {
  content: string;
  description?: string;
  activeForm?: string;
  /** Ids of existing items, or exact contents of other entries of the call, this one waits for. */
  blockedBy?: readonly BlockerInput[];
}

const TEXT_FIELDS = ['content', 'description', 'activeForm'] as const;

export interface AddFacts {
  added: TodoItem[];
}

export function addItems(
  record: PlanRecord,
  input: readonly AddItemInput[],
  limits: PlanLimits,
): OperationResult<AddFacts> {
  const issues: PlanIssue[] = [];
  if (input.length === 0) issues.push({ code: 'empty_list', path: ['todos'] });
  input.forEach((item, index) => {
    if (isBlankText(item.content))
      issues.push({ code: 'blank', path: ['todos', index, 'content'] });
    issues.push(...characterIssues(item, TEXT_FIELDS, ['todos', index]));
  });
  const count = record.items.length + input.length;
  if (count > limits.maxItems) {
    issues.push({ code: 'too_many_items', path: ['todos'], maximum: limits.maxItems, count });
  }
  let nextId = record.nextId;
  const built = input.map((entry): TodoItem => {
    const item: TodoItem = {
      id: String(nextId++),
      content: entry.content.trim(),
      status: 'pending',
    };
    if (entry.description?.trim()) item.description = entry.description.trim();
    if (entry.activeForm?.trim()) item.activeForm = entry.activeForm.trim();
    return item;
  });
  const dependencies = addDependencies(record.items, input, built);
  issues.push(...dependencies.issues);
  if (issues.length > 0) return { ok: false, issues };
  const added = dependencies.items;
  return {
    ok: true,
    items: [...record.items, ...added],
    nextId,
    facts: { added },
    summary: `added ${added.map((item) => `#${item.id}`).join(' ')}`,
  };
}
