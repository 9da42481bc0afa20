/**
 * A person's changes on the page: done, cancel, edit text, note, move up or down, add,
 * approve the plan. Every
 * control is a button or a text field, so the keyboard reaches all of them (Tab, Enter;
 * Escape leaves an edit). Each change is one POST; the event stream then brings it to
 * every open page, this one included, and the model sees it on its next call.
 */
import type { TodoItem } from 'plankeeper';
import type { PersonEdit } from 'plankeeper/stores';
import type { PlanApprovalState, PlanEditResponse } from '../../api-types.js';
import { postJson } from './api.js';
import { el } from './dom.js';
import { detail } from './elements.js';
import { state } from './state.js';
import { texts } from './texts.js';

const t = texts.actions;

const NAME_KEY = 'plankeeper.person-name';

/** After a re-render, focus returns to the control the person used (by action and item). */
let focusAfter: { action: string; id: string } | undefined;

let reload: (key: string) => Promise<void> = async () => {};

/** Set by plan-detail.ts, which renders the plan and imports this module. */
export function onChanged(loader: (key: string) => Promise<void>): void {
  reload = loader;
}

async function send(edit: PersonEdit, focus: { action: string; id: string }): Promise<void> {
  const key = state.selected;
  if (!key) return;
  const nameBox = detail.querySelector<HTMLInputElement>('#person-name');
  const by = nameBox?.value.trim() || undefined;
  focusAfter = focus;
  try {
    await postJson<PlanEditResponse>('/api/plan/edit', { key, edit, ...(by && { by }) });
    showEditError('');
    const addBox = detail.querySelector<HTMLInputElement>('#add-item');
    if (edit.kind === 'add' && addBox) addBox.value = '';
    await reload(key);
  } catch (error) {
    showEditError((error as Error).message);
  }
}

function showEditError(text: string): void {
  const line = detail.querySelector<HTMLElement>('.edit-error');
  if (!line) return;
  line.textContent = text;
  line.hidden = !text;
}

function button(label: string, action: string, id: string, title: string, run: () => void) {
  const node = el('button', `act act-${action}`, label);
  node.type = 'button';
  node.dataset.action = action;
  node.dataset.id = id;
  node.setAttribute('aria-label', title);
  node.title = title;
  node.addEventListener('click', run);
  return node;
}

/** The buttons of one item; `items` is the whole list, for moving. */
export function itemActions(item: TodoItem, index: number, items: readonly TodoItem[]) {
  const bar = el('span', 'actions');
  const open = item.status === 'pending' || item.status === 'in_progress';
  const ref = `#${item.id}`;
  if (open) {
    bar.append(
      button(t.done, 'done', item.id, t.doneTitle(ref), () =>
        send({ kind: 'done', id: item.id }, { action: 'done', id: item.id }),
      ),
      button(t.cancel, 'cancel', item.id, t.cancelTitle(ref), () =>
        send({ kind: 'cancel', id: item.id }, { action: 'cancel', id: item.id }),
      ),
    );
  }
  bar.append(
    button(t.edit, 'edit', item.id, t.editTitle(ref), () => startEdit(item)),
    button(t.note, 'note', item.id, t.noteTitle(ref), () => startNote(item)),
  );
  const previous = items[index - 1];
  const next = items[index + 1];
  if (previous) {
    bar.append(
      button('↑', 'up', item.id, t.upTitle(ref), () =>
        send({ kind: 'move', id: item.id, before: previous.id }, { action: 'up', id: item.id }),
      ),
    );
  }
  if (next) {
    // Down is the next item moved before this one.
    bar.append(
      button('↓', 'down', item.id, t.downTitle(ref), () =>
        send({ kind: 'move', id: next.id, before: item.id }, { action: 'down', id: item.id }),
      ),
    );
  }
  return bar;
}

/** Swaps the item's text for a field: Enter saves, Escape leaves it as it was. */
function startEdit(item: TodoItem): void {
  const entry = detail.querySelector<HTMLElement>(`li.item[data-id="${item.id}"]`);
  const content = entry?.querySelector<HTMLElement>('.content');
  if (!entry || !content) return;
  const box = el('input', 'edit-box');
  box.type = 'text';
  box.value = item.content;
  box.setAttribute('aria-label', t.editBox(`#${item.id}`));
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      send({ kind: 'edit', id: item.id, content: box.value }, { action: 'edit', id: item.id });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      box.replaceWith(content);
      entry.querySelector<HTMLElement>('button[data-action="edit"]')?.focus();
    }
  });
  content.replaceWith(box);
  box.focus();
  box.select();
}

/** A field for the item's note under it: Enter saves, Escape leaves the note as it was. */
function startNote(item: TodoItem): void {
  const entry = detail.querySelector<HTMLElement>(`li.item[data-id="${item.id}"]`);
  if (!entry || entry.querySelector('.note-box')) return;
  const box = el('input', 'note-box');
  box.type = 'text';
  box.value = item.note ?? '';
  box.setAttribute('aria-label', t.noteBox(`#${item.id}`));
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      send({ kind: 'note', id: item.id, text: box.value }, { action: 'note', id: item.id });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      box.remove();
      detail
        .querySelector<HTMLElement>(`li.item[data-id="${item.id}"] button[data-action="note"]`)
        ?.focus();
    }
  });
  entry.append(box);
  box.focus();
  box.select();
}

/**
 * The plan's approval line, where its host holds its tools for a person's approval: who
 * approved it and whether that still covers the plan, and the Approve button while it does
 * not. Undefined for a plan no host asks approval for: it waits for nobody.
 */
export function approvalControls(plan: {
  items: readonly TodoItem[];
  approval: PlanApprovalState | null;
}): HTMLElement | undefined {
  if (!plan.approval) return undefined;
  const box = el('div', 'approval');
  const { approved, current } = plan.approval;
  if (current && approved) {
    box.dataset.state = 'approved';
    box.append(el('span', 'approval-state', t.approved(approved.name)));
    return box;
  }
  box.dataset.state = approved ? 'changed' : 'waiting';
  box.append(
    el('span', 'approval-state', approved ? t.changedSinceApproval(approved.name) : t.notApproved),
  );
  if (plan.items.some((item) => item.status !== 'cancelled')) {
    box.append(
      ' ',
      button(t.approve, 'approve', '', t.approveTitle, () =>
        send({ kind: 'approve' }, { action: 'approve', id: '' }),
      ),
    );
  }
  return box;
}

/** The name field and the add field under the items, and the line for a refused change. */
export function editControls(): HTMLElement {
  const box = el('div', 'edit-controls');
  const name = el('input');
  name.id = 'person-name';
  name.type = 'text';
  name.placeholder = t.namePlaceholder;
  name.setAttribute('aria-label', t.nameLabel);
  name.value = localStorage.getItem(NAME_KEY) ?? '';
  // Saved as typed: a live re-render rebuilds this field from the saved value.
  name.addEventListener('input', () => localStorage.setItem(NAME_KEY, name.value.trim()));
  const add = el('input');
  add.id = 'add-item';
  add.type = 'text';
  add.placeholder = t.addPlaceholder;
  add.setAttribute('aria-label', t.addLabel);
  const addButton = button(t.add, 'add', '', t.addTitle, () => submitAdd(add));
  add.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submitAdd(add);
    }
  });
  const error = el('p', 'edit-error');
  error.setAttribute('role', 'alert');
  error.hidden = true;
  box.append(add, ' ', addButton, ' ', name, error);
  return box;
}

function submitAdd(box: HTMLInputElement): void {
  if (!box.value.trim()) return;
  send({ kind: 'add', content: box.value }, { action: 'add-field', id: '' });
}

/** Where the keyboard is in the plan pane, so a re-render (live or own) can put it back. */
export function focusedControl(): { action: string; id: string } | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !detail.contains(active)) return undefined;
  if (active.id === 'add-item' || active.id === 'person-name') return { action: active.id, id: '' };
  if (active.dataset.action) return { action: active.dataset.action, id: active.dataset.id ?? '' };
  return undefined;
}

/**
 * After a render: focus the control the person used last (the one they pressed, else the
 * one focused before the render), or the first button of its item when that control is
 * gone (Cancel on an item now cancelled), so the keyboard can go on from there.
 */
export function restoreFocus(before: { action: string; id: string } | undefined): void {
  const wanted = focusAfter ?? before;
  focusAfter = undefined;
  if (!wanted) return;
  if (wanted.action === 'approve') {
    // Approved: the button is gone, so the keyboard goes on from the approval line.
    const approve = detail.querySelector<HTMLElement>('button[data-action="approve"]');
    (approve ?? detail.querySelector<HTMLElement>('#add-item'))?.focus();
    return;
  }
  if (wanted.action === 'add-field' || wanted.action === 'add-item') {
    detail.querySelector<HTMLInputElement>('#add-item')?.focus();
    return;
  }
  if (wanted.action === 'person-name') {
    detail.querySelector<HTMLInputElement>('#person-name')?.focus();
    return;
  }
  const entry = detail.querySelector<HTMLElement>(`li.item[data-id="${wanted.id}"]`);
  const target =
    entry?.querySelector<HTMLElement>(`button[data-action="${wanted.action}"]`) ??
    entry?.querySelector<HTMLElement>('button');
  target?.focus();
}
