/**
 * A person's edit of a plan file as a run of one-item changes, kept as data in the one
 * revision the save makes (`source.edit`, or `source.edits` for several), in the form
 * `plankeeper todos` writes: so the model is told what the person did, and a write from an
 * older read keeps it (person-kept.ts).
 *
 * The edit is what changed from `base` (the plan the file last showed) to the file, and it
 * is replayed on `current` (the plan as stored now, which another writer may have moved on
 * since): a removal removes, an added line is added, a changed field is set, a moved line
 * is moved, and what others wrote meanwhile stays. Pure, like the engine's operations.
 */
import { matchByContent } from '../../engine/operations/content-match.js';
import type { ItemEditInfo } from '../../engine/store/plan-store.js';
import type { PlanRecord, TodoItem, TodoStatus } from '../../engine/todo-item.js';
import { asWritten, type PlanFileItem } from './plan-file-format.js';

/** One change: what the person did. */
export interface FileEditStep {
  edit: ItemEditInfo;
  summary: string;
}

/** A file line that got an id it did not have, or another one: the file is written again. */
export interface Renumbering {
  line: number;
  from?: string;
  to: string;
}

export interface FileEdits {
  steps: FileEditStep[];
  /** The plan's items after every step. */
  items: TodoItem[];
  /** The file's items with their ids, in the file's order. */
  resolved: TodoItem[];
  renumbered: Renumbering[];
  nextId: number;
}

/**
 * The ids of the file's lines: a line keeps its `#N` when N is an item of `base`, or new
 * and above every id handed out; a second line with one id (two branches each added a
 * `#7`, then merged) and a line without an id get the next ids of `current`, in file order.
 * Of two lines with one id, the one that still says what the item said keeps it.
 */
function resolveIds(
  lines: readonly PlanFileItem[],
  base: readonly TodoItem[],
  current: PlanRecord,
): { ids: string[]; renumbered: Renumbering[]; nextId: number } {
  const baseById = new Map(base.map((item) => [item.id, item]));
  const currentIds = new Set(current.items.map((item) => item.id));
  const owner = new Map<string, number>();
  lines.forEach((line, index) => {
    if (line.id === undefined) return;
    const held = owner.get(line.id);
    const item = baseById.get(line.id);
    if (held === undefined) owner.set(line.id, index);
    else if (item && lines[held]!.content !== item.content && line.content === item.content)
      owner.set(line.id, index);
  });
  // A line without an id that reads as an item no line names is that item: a person's
  // text taken in once (it got its id) and saved again before the id was written back.
  const matched = matchByContent(
    base,
    new Set(owner.keys()),
    lines.map((line) => (line.id === undefined ? line.content : undefined)),
  );
  let nextId = current.nextId;
  const keeps = (line: PlanFileItem, index: number) =>
    line.id !== undefined &&
    owner.get(line.id) === index &&
    (baseById.has(line.id) || (!currentIds.has(line.id) && Number(line.id) >= current.nextId));
  lines.forEach((line, index) => {
    if (keeps(line, index)) nextId = Math.max(nextId, Number(line.id) + 1);
  });
  const renumbered: Renumbering[] = [];
  const ids = lines.map((line, index) => {
    if (keeps(line, index)) return line.id!;
    if (matched[index] !== undefined) return matched[index]!;
    const to = String(nextId++);
    renumbered.push({ line: line.line, ...(line.id !== undefined && { from: line.id }), to });
    return to;
  });
  return { ids, renumbered, nextId };
}

const STATUS_EDIT: Record<TodoStatus, ItemEditInfo['kind']> = {
  completed: 'done',
  cancelled: 'cancel',
  in_progress: 'start',
  pending: 'reopen',
};

const VERBS: Partial<Record<ItemEditInfo['kind'], string>> = {
  done: 'completed',
  cancel: 'cancelled',
  start: 'started',
  reopen: 'reopened',
  edit: 'edited',
  note: 'noted',
  remove: 'removed',
};

/** The file's items over `current`, as a run of steps (see the module comment). */
export function fileEdits(
  lines: readonly PlanFileItem[],
  base: readonly TodoItem[],
  current: PlanRecord,
): FileEdits {
  const { ids, renumbered, nextId } = resolveIds(lines, base, current);
  const baseById = new Map(base.map((item) => [item.id, item]));
  const fileIds = new Set(ids);
  const renumberedFrom = new Map(
    renumbered.filter((each) => each.from !== undefined).map((each) => [each.to, each.from!]),
  );
  const kept = new Map(current.items.map((item) => [item.id, { ...item }]));
  const steps: FileEditStep[] = [];
  const step = (edit: ItemEditInfo, summary: string) => steps.push({ edit, summary });

  for (const item of base) {
    if (fileIds.has(item.id) || !kept.has(item.id)) continue;
    kept.delete(item.id);
    step({ kind: 'remove', id: item.id }, `removed #${item.id}`);
  }

  const {
    resolved,
    items: placed,
    added,
  } = withAdded(lines, ids, current.items, {
    kept,
    baseById,
    renumberedFrom,
    step,
  });
  let items = placed;
  const has = (id: string) => kept.has(id) || added.has(id);
  const indexOf = new Map(items.map((item, index) => [item.id, index]));

  const present = new Set([...resolved.map((item) => item.id), ...items.map((item) => item.id)]);
  for (const wanted of resolved) {
    const before = baseById.get(wanted.id);
    const index = indexOf.get(wanted.id) ?? -1;
    if (!before || index < 0) continue;
    const was = asWritten(before);
    const now = asWritten(wanted);
    const blockers = wanted.blockedBy?.filter((id) => present.has(id) && id !== wanted.id);
    const set = (
      change: Partial<TodoItem>,
      kind: ItemEditInfo['kind'],
      fields?: ItemEditInfo['fields'],
    ) => {
      const next: TodoItem = { ...items[index]!, ...change };
      for (const [field, value] of Object.entries(change))
        if (value === undefined) delete next[field as keyof TodoItem];
      items[index] = next;
      // Which fields an edit set, so a write from an older read keeps exactly those.
      const fieldsSet = fields && !(fields.length === 1 && fields[0] === 'content') && { fields };
      step({ kind, id: wanted.id, ...fieldsSet }, `${VERBS[kind]} #${wanted.id}`);
    };
    const fields = (['content', 'description', 'owner', 'blockedBy'] as const).filter(
      (field) => String(was[field] ?? '') !== String(now[field] ?? ''),
    );
    if (fields.length > 0) {
      set(
        {
          content: wanted.content,
          description: wanted.description,
          owner: wanted.owner,
          blockedBy: blockers?.length ? blockers : undefined,
        },
        'edit',
        fields,
      );
    }
    if (was.note !== now.note) set({ note: wanted.note }, 'note');
    if (was.status !== now.status) set({ status: wanted.status }, STATUS_EDIT[wanted.status]);
  }

  // Moved: the lines a person put in another order than the plan they saw had them.
  const order = resolved.filter((item) => baseById.has(item.id)).map((item) => item.id);
  const basePlace = new Map(base.map((item, index) => [item.id, index]));
  const stay = new Set(longestRising(order, (id) => basePlace.get(id)!));
  for (let at = order.length - 1; at >= 0; at--) {
    const id = order[at]!;
    if (stay.has(id) || !has(id)) continue;
    const anchor = order.slice(at + 1).find(has);
    const item = items.find((each) => each.id === id)!;
    items = items.filter((each) => each.id !== id);
    const place = anchor === undefined ? items.length : items.findIndex((i) => i.id === anchor);
    items.splice(place, 0, item);
    step(
      { kind: 'move', id, ...(anchor !== undefined && { anchor }) },
      `moved #${id} ${anchor ? `before #${anchor}` : 'to the end'}`,
    );
  }
  return { steps, items, resolved, renumbered, nextId };
}

/**
 * The file's lines as items, and the plan's items with the added lines placed: each after
 * the line above it, where that item is, or first when there is none. Maps, never a scan
 * of the list per line, so a pasted backlog of thousands of lines is taken in in linear
 * time.
 */
function withAdded(
  lines: readonly PlanFileItem[],
  ids: readonly string[],
  order: readonly TodoItem[],
  plan: {
    kept: ReadonlyMap<string, TodoItem>;
    baseById: ReadonlyMap<string, TodoItem>;
    renumberedFrom: ReadonlyMap<string, string>;
    step: (edit: ItemEditInfo, summary: string) => void;
  },
): { resolved: TodoItem[]; items: TodoItem[]; added: ReadonlySet<string> } {
  const { kept, baseById, renumberedFrom, step } = plan;
  const resolved: TodoItem[] = [];
  /** Added items by the kept item they follow (`''`: first), in file order. */
  const addedAfter = new Map<string, TodoItem[]>();
  /** The kept item each added one follows, so a run of added lines stays one run. */
  const rootOf = new Map<string, string>();
  lines.forEach((line, index) => {
    const id = ids[index]!;
    const known = kept.get(id);
    const item = fromLine(line, id, known);
    const above = resolved.at(-1)?.id;
    resolved.push(item);
    if (baseById.has(id) || known) return;
    const root = above === undefined ? '' : (rootOf.get(above) ?? (kept.has(above) ? above : ''));
    rootOf.set(id, root);
    const run = addedAfter.get(root);
    if (run) run.push(item);
    else addedAfter.set(root, [item]);
    const from = renumberedFrom.get(id);
    step(
      {
        kind: 'add',
        id,
        ...(above !== undefined && { anchor: above }),
        ...(from !== undefined && { renumberedFrom: from }),
      },
      `added #${id}${above ? ` after #${above}` : ''}${from ? ` (renumbered from #${from})` : ''}`,
    );
  });
  const items = [...(addedAfter.get('') ?? [])];
  for (const item of order) {
    const now = kept.get(item.id);
    if (!now) continue;
    items.push(now);
    for (const added of addedAfter.get(item.id) ?? []) items.push(added);
  }
  return { resolved, items, added: new Set(rootOf.keys()) };
}

/** The file line as an item with id `id`, keeping what the file does not hold from `known`. */
function fromLine(line: PlanFileItem, id: string, known: TodoItem | undefined): TodoItem {
  const item: TodoItem = { ...known, id, content: line.content, status: line.status };
  for (const field of ['description', 'note', 'owner', 'blockedBy'] as const) {
    const value = line[field];
    if (value === undefined) delete item[field];
    else (item as unknown as Record<string, unknown>)[field] = value;
  }
  return item;
}

/** The members of `list` in the longest run whose places rise, in order. */
function longestRising(list: readonly string[], place: (id: string) => number): string[] {
  const tails: number[] = [];
  const previous: number[] = [];
  list.forEach((id, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (place(list[tails[middle]!]!) < place(id)) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  });
  const run: string[] = [];
  for (let at = tails.at(-1) ?? -1; at >= 0; at = previous[at]!) run.unshift(list[at]!);
  return run;
}
