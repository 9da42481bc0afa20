/**
 * A person's change to a plan (`plankeeper todos --cancel 2`, the dashboard): one small
 * step on one item. Pure, like the model's operations, so the engine can run it again on
 * the winner's plan after a compare-and-set conflict and re-validate it there.
 *
 * Problems are data in the person's terms (not the model's `PlanIssue`, whose wording
 * tells a model how to resend a tool call); the locale says them in one line.
 */
import { isBlankText } from '../blank-text.js';
import type { PlanLimits } from '../limits.js';
import { findUnstorable } from '../storable-text.js';
import type { PersonEditInfo } from '../store/plan-store.js';
import { isOpen, type PlanRecord, type TodoItem, type TodoStatus } from '../todo-item.js';
import { normalizeId } from './operation-result.js';

export type PersonEdit =
  | { kind: 'add'; content: string; after?: string }
  | { kind: 'cancel'; id: string; reason?: string }
  | { kind: 'done'; id: string; reason?: string }
  | { kind: 'edit'; id: string; content: string }
  | { kind: 'move'; id: string; before: string }
  | { kind: 'note'; id: string; text: string }
  /** Approves the plan's steps as they are (see approve.ts). */
  | { kind: 'approve' };

export type PersonEditProblem =
  | { code: 'bad_id'; received: string }
  | { code: 'unknown_id'; id: string; known: readonly string[] }
  /** Cancelling or completing an item that is already closed. */
  | { code: 'not_open'; id: string; status: TodoStatus }
  | { code: 'same_item'; id: string }
  | { code: 'blank'; field: PersonTextField }
  | { code: 'too_long'; field: PersonTextField; maximum: number; length: number }
  | { code: 'bad_character'; field: PersonTextField }
  | { code: 'too_many_items'; maximum: number }
  /** Approving a plan with no steps (empty, or every item cancelled). */
  | { code: 'nothing_to_approve' };

export type PersonTextField = 'content' | 'reason' | 'note' | 'name';

export type PersonEditResult =
  | { ok: true; items: TodoItem[]; nextId: number; info: PersonEditInfo; summary: string }
  | { ok: false; problem: PersonEditProblem };

export function applyPersonEdit(
  record: PlanRecord,
  edit: PersonEdit,
  limits: PlanLimits,
): PersonEditResult {
  const items = record.items;
  const find = (raw: string): { item: TodoItem; index: number } | PersonEditProblem => {
    const id = normalizeId(raw);
    if (id === undefined) return { code: 'bad_id', received: raw };
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) return { code: 'unknown_id', id, known: items.map((item) => item.id) };
    return { item: items[index]!, index };
  };
  const fail = (problem: PersonEditProblem): PersonEditResult => ({ ok: false, problem });

  if (edit.kind === 'add') {
    const problem = textProblem(edit.content, 'content', limits.maxContentLength);
    if (problem) return fail(problem);
    if (items.length + 1 > limits.maxItems)
      return fail({ code: 'too_many_items', maximum: limits.maxItems });
    let at = items.length;
    if (edit.after !== undefined) {
      const anchor = find(edit.after);
      if ('code' in anchor) return fail(anchor);
      at = anchor.index + 1;
    }
    const item: TodoItem = {
      id: String(record.nextId),
      content: edit.content.trim(),
      status: 'pending',
    };
    const anchor = edit.after === undefined ? undefined : items[at - 1]!.id;
    return {
      ok: true,
      items: [...items.slice(0, at), item, ...items.slice(at)],
      nextId: record.nextId + 1,
      info: { kind: 'add', id: item.id, ...(anchor && { anchor }) },
      summary: `added #${item.id}${anchor ? ` after #${anchor}` : ''}`,
    };
  }

  if (edit.kind === 'approve') {
    if (!items.some((item) => item.status !== 'cancelled'))
      return fail({ code: 'nothing_to_approve' });
    return {
      ok: true,
      items,
      nextId: record.nextId,
      info: { kind: 'approve' },
      summary: 'approved the plan',
    };
  }

  const target = find(edit.id);
  if ('code' in target) return fail(target);
  const { item, index } = target;
  const replace = (next: TodoItem) => items.map((each, at) => (at === index ? next : each));

  switch (edit.kind) {
    case 'cancel':
    case 'done': {
      if (!isOpen(item)) return fail({ code: 'not_open', id: item.id, status: item.status });
      const reason = edit.reason;
      if (reason !== undefined) {
        const problem = textProblem(reason, 'reason', limits.maxTextLength);
        if (problem) return fail(problem);
      }
      const status = edit.kind === 'cancel' ? 'cancelled' : 'completed';
      const next: TodoItem = { ...item, status };
      // A cancelled item is nobody's (see ownership.ts); a completed one keeps who started it.
      if (status === 'cancelled') delete next.owner;
      if (reason !== undefined) next.note = reason.trim();
      const verb = edit.kind === 'cancel' ? 'cancelled' : 'completed';
      return {
        ok: true,
        items: replace(next),
        nextId: record.nextId,
        info: {
          kind: edit.kind,
          id: item.id,
          ...(reason !== undefined && { reason: reason.trim() }),
        },
        summary: `${verb} #${item.id}${reason !== undefined ? `: ${reason.trim()}` : ''}`,
      };
    }
    case 'edit': {
      const problem = textProblem(edit.content, 'content', limits.maxContentLength);
      if (problem) return fail(problem);
      return {
        ok: true,
        items: replace({ ...item, content: edit.content.trim() }),
        nextId: record.nextId,
        info: { kind: 'edit', id: item.id },
        summary: `edited #${item.id}`,
      };
    }
    case 'note': {
      const problem = textProblem(edit.text, 'note', limits.maxTextLength);
      if (problem) return fail(problem);
      return {
        ok: true,
        items: replace({ ...item, note: edit.text.trim() }),
        nextId: record.nextId,
        info: { kind: 'note', id: item.id },
        summary: `noted #${item.id}`,
      };
    }
    case 'move': {
      const anchor = find(edit.before);
      if ('code' in anchor) return fail(anchor);
      if (anchor.item.id === item.id) return fail({ code: 'same_item', id: item.id });
      const rest = items.filter((each) => each.id !== item.id);
      const at = rest.findIndex((each) => each.id === anchor.item.id);
      return {
        ok: true,
        items: [...rest.slice(0, at), item, ...rest.slice(at)],
        nextId: record.nextId,
        info: { kind: 'move', id: item.id, anchor: anchor.item.id },
        summary: `moved #${item.id} before #${anchor.item.id}`,
      };
    }
  }
}

/** Why a person's text cannot go into the plan, or undefined when it can. */
export function textProblem(
  text: string,
  field: PersonTextField,
  maximum: number,
): PersonEditProblem | undefined {
  if (isBlankText(text)) return { code: 'blank', field };
  const length = text.trim().length;
  if (length > maximum) return { code: 'too_long', field, maximum, length };
  if (findUnstorable(text)) return { code: 'bad_character', field };
  return undefined;
}
