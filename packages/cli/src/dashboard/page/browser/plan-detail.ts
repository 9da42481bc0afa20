/** The selected plan in full: its items, then its timeline of revisions, newest first. */
import { STATUS_MARKERS, type TodoItem } from 'plankeeper';
import type { PlanDetailResponse, SubAgentSummary, TimelineEntry } from '../../api-types.js';
import { getJson } from './api.js';
import { ago, planState } from './clock.js';
import { describeChange } from './describe-change.js';
import { el, scopeText } from './dom.js';
import { detail } from './elements.js';
import {
  approvalControls,
  editControls,
  focusedControl,
  itemActions,
  onChanged,
  restoreFocus,
} from './plan-actions.js';
import { state } from './state.js';
import { texts } from './texts.js';

let detailTicket = 0;

/** The core's marker for a status (`[x]`), `[?]` for one this page does not know. */
function markerOf(status: string): string {
  return (STATUS_MARKERS as Record<string, string | undefined>)[status] || '[?]';
}

const hashIds = (ids: readonly string[]) => ids.map((id) => `#${id}`).join(', ');

/**
 * What an item waits for: "after #1, #2" and, while it is open and some of those are too,
 * a "blocked" marker that names them, in words a screen reader reads as they are shown.
 */
function dependencyParts(
  item: TodoItem,
  items: readonly TodoItem[],
): { parts: (Node | string)[]; blocked: boolean } {
  const blockers = item.blockedBy ?? [];
  if (blockers.length === 0) return { parts: [], blocked: false };
  const parts: (Node | string)[] = [' ', el('span', 'waits-after', `after ${hashIds(blockers)}`)];
  const isOpen = (other: TodoItem | undefined) =>
    other !== undefined && (other.status === 'pending' || other.status === 'in_progress');
  const open = blockers.filter((id) => isOpen(items.find((other) => other.id === id)));
  const blocked = isOpen(item) && open.length > 0;
  if (blocked) parts.push(' ', el('span', 'blocked-marker', `blocked: waits for ${hashIds(open)}`));
  return { parts, blocked };
}

/** In a shared list: "[sess-b]" on an item in progress, "done by sess-b" on a finished one. */
function ownerParts(item: TodoItem): (Node | string)[] {
  if (item.owner === undefined || item.status === 'pending') return [];
  return [' ', el('span', 'owner', texts.detail.owner(item.owner, item.status))];
}

function renderItems(plan: PlanDetailResponse): HTMLOListElement {
  const { items } = plan;
  const list = el('ol', 'items');
  const subAgentOf = new Map((plan.subAgents ?? []).map((sub) => [sub.item, sub]));
  const evidenceOf = new Map((plan.evidence ?? []).map((entry) => [entry.id, entry]));
  for (const [index, item] of items.entries()) {
    const entry = el('li', `item status-${item.status}`);
    entry.dataset.id = item.id;
    entry.dataset.status = item.status;
    const waits = dependencyParts(item, items);
    if (waits.blocked) entry.dataset.blocked = 'true';
    // Spaces between the parts keep copied text readable ("[x] #1 Step").
    entry.append(
      el('span', 'marker', markerOf(item.status)),
      ' ',
      el('span', 'item-id', `#${item.id}`),
      ' ',
      el('span', 'content', item.content),
      ...waits.parts,
      ...ownerParts(item),
      ' ',
      itemActions(item, index, items),
    );
    if (item.status === 'in_progress' && item.activeForm) {
      entry.append(el('div', 'item-extra active', texts.detail.now(item.activeForm)));
    }
    if (item.description) entry.append(el('div', 'item-extra description', item.description));
    if (item.note) entry.append(el('div', 'item-extra note', texts.detail.note(item.note)));
    const evidence = evidenceOf.get(item.id);
    if (evidence) entry.append(el('div', 'item-extra evidence', texts.detail.evidence(evidence)));
    const sub = subAgentOf.get(item.id);
    if (sub) entry.append(subAgentLine(sub));
    list.append(entry);
  }
  return list;
}

/** "sub-agent research: 1/2 done · stopped — open its plan", the link selecting the child plan. */
function subAgentLine(sub: SubAgentSummary): HTMLDivElement {
  const line = el('div', 'item-extra sub-agent');
  line.dataset.key = sub.key;
  const progress = sub.exists ? `${sub.completed}/${sub.total} done` : 'no plan yet';
  line.append(
    el(
      'span',
      'sub-agent-progress',
      `sub-agent ${sub.scope}: ${progress}${sub.ended ? ` · ${sub.ended}` : ''}`,
    ),
  );
  if (sub.exists) {
    const link = el('a', 'sub-agent-link', 'open its plan');
    // The address selects a plan (see selection.ts), so the link needs no handler.
    link.href = `#plan=${encodeURIComponent(sub.key)}`;
    line.append(' — ', link);
  }
  return line;
}

function renderTimeline(timeline: readonly TimelineEntry[]): HTMLOListElement {
  const list = el('ol', 'timeline');
  for (let index = timeline.length - 1; index >= 0; index--) {
    const revision = timeline[index]!;
    const entry = el('li', revision.deleted ? 'revision deleted' : 'revision');
    entry.dataset.version = String(revision.version);
    const meta = el('div', 'meta');
    const at = new Date(revision.at);
    const time = el('time', 'at', `${at.toLocaleTimeString()} · ${ago(revision.at)}`);
    time.dateTime = at.toISOString();
    time.title = at.toLocaleString();
    // A run of the person's check is named as the check it was, not by its source's name.
    const tool = revision.check
      ? el('span', 'tool check-run', texts.detail.checkRevision(revision.check))
      : el('span', 'tool', revision.tool);
    if (revision.check) entry.dataset.check = revision.check.outcome;
    meta.append(time, ' ', el('span', 'version', `v${revision.version}`), ' ', tool);
    if (revision.callId) meta.append(' ', el('span', 'call', texts.detail.call(revision.callId)));
    if (revision.by === 'person') {
      meta.append(' ', el('span', 'by', texts.detail.by(revision.name)));
    }
    if (revision.owner !== undefined) {
      meta.append(' ', el('span', 'writer', texts.detail.writer(revision.owner)));
    }
    if (!revision.deleted) {
      meta.append(' ', el('span', 'after', texts.detail.after(revision.completed, revision.total)));
    }
    entry.append(meta);
    if (revision.summary && !revision.check) {
      entry.append(el('div', 'summary', revision.summary));
    }
    const changes = el('ul', 'changes');
    if (revision.changes === null) {
      changes.append(el('li', 'muted', texts.detail.historyNotKept));
    } else if (revision.changes.length === 0) {
      changes.append(el('li', 'muted', texts.detail.noItemChanged));
    }
    for (const change of revision.changes || []) {
      const line = el('li', `change change-${change.kind}`);
      const [sign, text] = describeChange(change);
      line.append(el('span', 'sign', sign), ' ', el('span', 'text', text));
      changes.append(line);
    }
    entry.append(changes);
    list.append(entry);
  }
  return list;
}

function renderDetail(plan: PlanDetailResponse): void {
  state.selectedPlan = plan;
  const done = plan.items.filter((item) => item.status === 'completed').length;
  const head = el('div', 'detail-head');
  head.append(el('h2', 'title', `${plan.agent} / ${plan.session}`));
  const meta = el('div', 'meta');
  if (plan.scope.length)
    meta.append(el('span', 'scope', texts.detail.scope(scopeText(plan.scope))));
  const badge = el('span', 'badge detail-state');
  meta.append(badge, ' ', el('span', 'version', `v${plan.version}`), ' ', el('span', 'updated'));
  head.append(meta);
  const parts: HTMLElement[] = [head];
  if (plan.task !== null) parts.push(el('p', 'task', texts.detail.task(plan.task)));
  if (!plan.exists) {
    parts.push(el('p', 'hint', texts.detail.deletedHint));
  } else {
    parts.push(el('h3', null, texts.detail.items(done, plan.items.length)));
    const approval = approvalControls(plan);
    if (approval) parts.push(approval);
    if (plan.lastCheck) {
      const passed = plan.lastCheck.outcome === 'passed';
      const line = texts.detail.verification(plan.lastCheck);
      parts.push(el('p', `verification ${passed ? 'passed' : 'failed'}`, line));
    }
    parts.push(plan.items.length ? renderItems(plan) : el('p', 'hint', texts.detail.emptyPlan));
  }
  // A deleted plan can be started again by adding to it, as with plankeeper todos --add.
  parts.push(editControls());
  parts.push(el('h3', null, texts.detail.timeline));
  parts.push(
    plan.timeline.length ? renderTimeline(plan.timeline) : el('p', 'hint', texts.detail.noHistory),
  );
  // Typing in the name or add field survives the re-render a live change brings.
  const typed = detail.querySelector<HTMLInputElement>('#add-item');
  const focused = plan.key === detail.dataset.key ? focusedControl() : undefined;
  detail.replaceChildren(...parts);
  const addBox = detail.querySelector<HTMLInputElement>('#add-item');
  if (typed && addBox && plan.key === detail.dataset.key) addBox.value = typed.value;
  restoreFocus(focused);
  detail.dataset.key = plan.key;
  detail.dataset.version = String(plan.version);
  refreshDetailAge();
}

/** The selected plan's age-dependent parts: its state badge and "updated" time. */
export function refreshDetailAge(): void {
  const plan = state.selectedPlan;
  if (!plan) return;
  const badge = detail.querySelector('.detail-state');
  const updated = detail.querySelector('.detail-head .updated');
  if (!badge || !updated) return;
  const open = plan.items.filter(
    (item) => item.status === 'pending' || item.status === 'in_progress',
  ).length;
  const current = !plan.exists
    ? 'deleted'
    : planState({
        total: plan.items.length,
        open,
        // Null only for a deleted plan, which has no state to age.
        updatedAt: plan.updatedAt ?? 0,
        leftover: plan.leftover,
      });
  badge.className = `badge detail-state ${current}`;
  badge.textContent = texts.states[current];
  updated.textContent = plan.updatedAt ? texts.detail.updated(ago(plan.updatedAt)) : '';
}

onChanged((key) => loadDetail(key));

export async function loadDetail(key: string): Promise<void> {
  const ticket = ++detailTicket;
  try {
    const plan = await getJson<PlanDetailResponse>(`/api/plan?key=${encodeURIComponent(key)}`);
    if (ticket === detailTicket && state.selected === key) renderDetail(plan);
  } catch (error) {
    if (ticket === detailTicket) detail.replaceChildren(el('p', 'error', (error as Error).message));
  }
}
