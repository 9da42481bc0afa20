/**
 * `todo_write`: replace the whole list. Items keep their identity through `id`, or,
 * when a model omits ids (most do), through identical content. Open items that the
 * new list leaves out are reported back, or refused under the `reject` drop policy:
 * a whole-list write that silently loses steps is the classic failure of this shape.
 */
import { isBlankText } from '../blank-text.js';
import type { PlanLimits } from '../limits.js';
import type { InProgressEntry, PlanIssue } from '../plan-issue.js';
import {
  isOpen,
  type PlanRecord,
  sameItems,
  type TodoItem,
  type TodoStatus,
} from '../todo-item.js';
import { matchByContent } from './content-match.js';
import {
  type BlockerInput,
  type DependencyFacts,
  type DependencyMode,
  writeDependencies,
} from './dependencies.js';
import type { KeptChange } from './kept-change.js';
import {
  characterIssues,
  duplicateIssues,
  idIssue,
  normalizeId,
  type OperationResult,
} from './operation-result.js';

export interface WriteItemInput {
  id?: string | number;
  content: string;
  status: TodoStatus;
  description?: string;
  activeForm?: string;
  note?: string;
  /** Ids, or exact contents of other entries, this item waits for; `[]` clears them. */
  blockedBy?: readonly BlockerInput[];
}

export type DropPolicy = 'report' | 'reject';

const TEXT_FIELDS = ['content', 'description', 'activeForm', 'note'] as const;

export interface WriteFacts extends DependencyFacts {
  added: string[];
  /** Open items of the previous list that this write left out. */
  dropped: TodoItem[];
  /** The items are exactly the stored ones: the write only re-sent the list. */
  unchanged: boolean;
  /**
   * Shared lists: entries sent `in_progress` that stay another session's, when the writer
   * has none of its own in progress (its claim came too late). Set by the engine.
   */
  busy?: TodoItem[];
  /**
   * Items a person changed after the writer's read that this write kept as they left them
   * (see person-kept.ts). Set by the engine.
   */
  kept?: KeptChange[];
}

export function writePlan(
  record: PlanRecord,
  input: readonly WriteItemInput[],
  limits: PlanLimits,
  dropPolicy: DropPolicy,
  dependencies: DependencyMode = 'warn',
  /** In a shared list: ids in progress under other owners, which do not count towards "one in_progress". */
  othersInProgress: ReadonlySet<string> = new Set(),
  /** Ids the engine keeps even when the list leaves them out (a person's changes, see person-kept.ts). */
  keep: ReadonlySet<string> = new Set(),
): OperationResult<WriteFacts> {
  const issues: PlanIssue[] = [];
  const existing = new Map(record.items.map((item) => [item.id, item]));
  const explicitIds = input.map((item) =>
    item.id === undefined ? undefined : normalizeId(item.id),
  );
  // Trimmed once: this is the hot path of every whole-list write.
  const contents = input.map((item) => item.content.trim());

  issues.push(...entryIssues(input, contents, explicitIds, existing, limits));

  const { built, added, nextId } = buildItems(record, input, contents, explicitIds, existing);
  const order = writeDependencies(record.items, input, built, dependencies, existing);
  const items = order.items;
  issues.push(...order.issues);

  issues.push(...inProgressIssues(items, existing, othersInProgress));

  // An empty list is an explicit clear, not a list that forgot some items: nothing was
  // left out by mistake, so nothing is reported (or refused) as dropped.
  const kept = new Set(items.map((item) => item.id));
  const dropped =
    input.length === 0
      ? []
      : record.items.filter((item) => isOpen(item) && !kept.has(item.id) && !keep.has(item.id));
  if (dropPolicy === 'reject' && dropped.length > 0) {
    issues.push({ code: 'dropped_open', path: ['todos'], ids: dropped.map((item) => item.id) });
  }

  if (issues.length > 0) return { ok: false, issues };
  const summary = writeSummary(items, added, dropped);
  const unchanged = sameItems(record.items, items);
  return {
    ok: true,
    items,
    nextId,
    facts: { added, dropped, unchanged, ...order.facts },
    summary,
  };
}

/** The entries as items: an entry keeps the id it names, or its item's found by text, or gets a new one. */
function buildItems(
  record: PlanRecord,
  input: readonly WriteItemInput[],
  contents: readonly string[],
  explicitIds: readonly (string | undefined)[],
  existing: ReadonlyMap<string, TodoItem>,
): { built: TodoItem[]; added: string[]; nextId: number } {
  // Items without an id match an unclaimed existing item with the same content, so a
  // model that rewrites the list in Claude Code style keeps stable ids. Stored content is
  // already trimmed.
  const claimed = new Set(explicitIds.filter((id): id is string => id !== undefined));
  const matched = matchByContent(
    record.items,
    claimed,
    input.map((item, index) => (item.id === undefined ? contents[index] : undefined)),
  );

  let nextId = record.nextId;
  const added: string[] = [];
  const built: TodoItem[] = input.map((item, index) => {
    let id = explicitIds[index];
    if (item.id === undefined) {
      id = matched[index];
      if (id === undefined) {
        id = String(nextId++);
        added.push(id);
      }
    }
    const previous = id === undefined ? undefined : existing.get(id);
    return buildItem(id ?? '?', contents[index]!, item, previous);
  });
  return { built, added, nextId };
}

/** Optional fields the input leaves out keep their earlier values (a completion note survives a rewrite). */
function buildItem(
  id: string,
  content: string,
  input: WriteItemInput,
  previous: TodoItem | undefined,
): TodoItem {
  const item: TodoItem = { id, content, status: input.status };
  const description = input.description ?? previous?.description;
  const activeForm = input.activeForm ?? previous?.activeForm;
  const note = input.note ?? previous?.note;
  if (description !== undefined && description.trim() !== '') item.description = description.trim();
  if (activeForm !== undefined && activeForm.trim() !== '') item.activeForm = activeForm.trim();
  if (note !== undefined && note.trim() !== '') item.note = note.trim();
  // The host's delegation is no field the model sends: it stays with the item's id.
  if (previous?.subAgent) item.subAgent = { ...previous.subAgent };
  return item;
}

/** What is wrong with the entries one by one: blank or unstorable text, bad, unknown or repeated ids, too many. */
function entryIssues(
  input: readonly WriteItemInput[],
  contents: readonly string[],
  explicitIds: readonly (string | undefined)[],
  existing: ReadonlyMap<string, TodoItem>,
  limits: PlanLimits,
): PlanIssue[] {
  // One list shared by every unknown-id issue of this call.
  const known = [...existing.keys()];
  const issues: PlanIssue[] = [];
  input.forEach((item, index) => {
    if (isBlankText(contents[index]!)) {
      issues.push({ code: 'blank', path: ['todos', index, 'content'] });
    }
    issues.push(...characterIssues(item, TEXT_FIELDS, ['todos', index]));
    if (item.id === undefined) return;
    const issue = idIssue(item.id, explicitIds[index], known, ['todos', index, 'id'], true);
    if (issue) issues.push(issue);
  });
  issues.push(...duplicateIssues(explicitIds, (index) => ['todos', index, 'id']));

  if (input.length > limits.maxItems) {
    issues.push({
      code: 'too_many_items',
      path: ['todos'],
      maximum: limits.maxItems,
      count: input.length,
    });
  }
  return issues;
}

/** More than one item in progress (other owners' items in a shared list do not count). */
function inProgressIssues(
  items: readonly TodoItem[],
  existing: ReadonlyMap<string, TodoItem>,
  othersInProgress: ReadonlySet<string>,
): PlanIssue[] {
  const active: InProgressEntry[] = [];
  items.forEach((item, index) => {
    if (item.status !== 'in_progress' || othersInProgress.has(item.id)) return;
    // Only an existing item can be called by its id: a new entry's id is tentative, and a
    // rejected write creates no item to go by it.
    const id = existing.has(item.id) ? item.id : undefined;
    active.push({ index, content: item.content, ...(id !== undefined && { id }) });
  });
  if (active.length > 1) {
    return [{ code: 'multiple_in_progress', path: ['todos'], entries: active }];
  }
  return [];
}

/** The revision's summary of a write. */
function writeSummary(
  items: readonly TodoItem[],
  added: readonly string[],
  dropped: readonly TodoItem[],
): string {
  return items.length === 0
    ? 'cleared the list'
    : `wrote ${items.length} ${items.length === 1 ? 'item' : 'items'}${added.length ? `, added ${added.map((id) => `#${id}`).join(' ')}` : ''}${dropped.length ? `, dropped ${dropped.map((item) => `#${item.id}`).join(' ')}` : ''}`;
}
