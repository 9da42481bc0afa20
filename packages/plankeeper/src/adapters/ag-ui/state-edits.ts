/**
 * A person's edits in a front end, taken back into the plan. The front end sends its whole
 * `state.plankeeper`; what the person changed is the difference from the plan at the
 * version it was sent (from the plan's history), not from the plan now, so a front end a
 * step behind never reverts what the model wrote since. Each difference becomes one person
 * change (the dashboard's mechanism, PlanEngine.editAsPerson): recorded as the person's in
 * the history, shown to the model as a change it did not write, and kept against a later
 * whole-list write sent from an older read.
 */

import { applyPersonEdit, type PersonEdit } from '../../engine/operations/person-edit.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { isOpen, PLAN_FORMAT, type PlanRecord, type TodoItem } from '../../engine/todo-item.js';
import { getLocale, type LocaleId } from '../../locale/index.js';
import type { AgUiTexts } from './ag-ui-texts.js';
import type { SentItem, SentPlanState } from './state-input.js';

export type StateEditsOutcome = { ok: true; applied: number } | { ok: false; error: string };

/**
 * Applies the person's edits in `sent` to the plan at `key`. All of them are checked on the
 * plan as it is before the first is written: a refused edit changes nothing.
 */
export async function applyStateEdits(
  engine: PlanEngine,
  key: PlanKey,
  sent: SentPlanState,
  options: { texts: AgUiTexts; locale: LocaleId; person?: { name?: string } },
): Promise<StateEditsOutcome> {
  const { texts } = options;
  const sentKey = encodePlanKey(sent.planKey);
  if (sentKey !== encodePlanKey(key))
    return { ok: false, error: texts.otherPlan(sentKey, encodePlanKey(key)) };
  const current = await engine.snapshot(key);
  const base = await itemsAt(engine, key, sent.version, current);
  const edits = editsBetween(base, sent.items, current.items, texts);
  if (typeof edits === 'string') return { ok: false, error: edits };
  let record: PlanRecord = {
    format: PLAN_FORMAT,
    items: current.items,
    nextId: current.nextId,
    updatedAt: current.updatedAt ?? 0,
  };
  for (const edit of edits) {
    const tried = applyPersonEdit(record, edit, engine.limits);
    if (!tried.ok)
      return { ok: false, error: getLocale(options.locale).person.problem(tried.problem) };
    record = { ...record, items: tried.items, nextId: tried.nextId };
  }
  for (const edit of edits) {
    const outcome = await engine.editAsPerson(key, edit, options.person);
    if (!outcome.ok)
      return { ok: false, error: getLocale(options.locale).person.problem(outcome.problem) };
  }
  return { ok: true, applied: edits.length };
}

/** The plan's items at `version`, or as they are now when the history no longer holds it. */
async function itemsAt(
  engine: PlanEngine,
  key: PlanKey,
  version: number,
  current: { items: TodoItem[]; version: number },
): Promise<TodoItem[]> {
  if (version >= current.version) return current.items;
  const history = await engine.history(key, Math.min(current.version - version + 1, 200));
  const record = history.find((revision) => revision.version === version)?.record;
  return record?.items ?? current.items;
}

/**
 * The person changes that turn `base` into `sent`; a change the plan already has now
 * (`current`) is left out. Order changes are not read: a front end reorders for display.
 */
function editsBetween(
  base: readonly TodoItem[],
  sent: readonly SentItem[],
  current: readonly TodoItem[],
  texts: AgUiTexts,
): PersonEdit[] | string {
  const before = new Map(base.map((item) => [item.id, item]));
  const now = new Map(current.map((item) => [item.id, item]));
  const edits: PersonEdit[] = [];
  const seen = new Set<string>();
  for (const item of sent) {
    const id = item.id === undefined ? undefined : String(item.id);
    const old = id === undefined ? undefined : before.get(id);
    if (!old || id === undefined) {
      edits.push({ kind: 'add', content: item.content });
      continue;
    }
    seen.add(id);
    const latest = now.get(id);
    if (item.content !== old.content && item.content !== latest?.content)
      edits.push({ kind: 'edit', id, content: item.content });
    if (item.note !== undefined && item.note !== old.note && item.note !== latest?.note)
      edits.push({ kind: 'note', id, text: item.note });
    if (item.status === undefined || item.status === old.status || item.status === latest?.status)
      continue;
    if (item.status === 'completed') edits.push({ kind: 'done', id });
    else if (item.status === 'cancelled') edits.push({ kind: 'cancel', id });
    else return texts.badStatus(id, item.status);
  }
  // An item the person took out of the list is cancelled: the history keeps it, as for a
  // cancel anywhere else; one already closed stays as it is.
  for (const item of base) {
    const latest = now.get(item.id);
    if (!seen.has(item.id) && latest && isOpen(latest)) edits.push({ kind: 'cancel', id: item.id });
  }
  return edits;
}
