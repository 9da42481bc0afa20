/**
 * The list of plans: rendered once into a DocumentFragment, filtered in place, and
 * patched session by session as live events arrive.
 */
import type { PlanListResponse, PlanSummary } from '../../api-types.js';
import { getJson } from './api.js';
import { syncClock } from './clock.js';
import { count } from './dom.js';
import { emptyNote, filterBox, rowsBody, showBanner, showBox, summary, table } from './elements.js';
import { renderRow } from './plan-row.js';
import { state } from './state.js';
import { texts } from './texts.js';

export interface SessionPair {
  agent: string;
  session: string;
}

let listTicket = 0;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePlans(a: PlanSummary, b: PlanSummary): number {
  return (
    compareText(a.agent, b.agent) || compareText(a.session, b.session) || compareText(a.key, b.key)
  );
}

function rowMatches(row: HTMLTableRowElement): boolean {
  const text = filterBox.value.trim().toLowerCase();
  const show = showBox.value;
  const rowState = row.dataset.state;
  // "Open" includes stale plans: they are open, only quiet.
  if (show !== 'all' && rowState !== show && !(show === 'open' && rowState === 'stale')) {
    return false;
  }
  return !text || (row.dataset.search ?? '').indexOf(text) >= 0;
}

export function applyFilter(): void {
  let shown = 0;
  for (const row of state.rows.values()) {
    const match = rowMatches(row);
    row.hidden = !match;
    if (match) shown++;
  }
  emptyNote.hidden = shown > 0;
  emptyNote.textContent = state.rows.size === 0 ? texts.list.noPlans : texts.list.noMatch;
  updateSummary(shown);
}

function updateSummary(shown: number): void {
  const counts = { stale: 0, done: 0, open: 0, empty: 0 };
  const agents = new Set<string>();
  for (const row of state.rows.values()) {
    const rowState = row.dataset.state;
    if (rowState !== undefined && Object.hasOwn(counts, rowState)) {
      counts[rowState as keyof typeof counts]++;
    }
  }
  for (const plan of state.plans.values()) agents.add(plan.agent);
  const total = state.plans.size;
  summary.textContent = texts.list.summary({
    shown: count(shown),
    total: count(total),
    all: shown === total,
    agents: count(agents.size),
    open: count(counts.open + counts.stale),
    stale: count(counts.stale),
    done: count(counts.done),
  });
}

function renderAll(): void {
  const started = performance.now();
  const fragment = document.createDocumentFragment();
  const plans = Array.from(state.plans.values()).sort(comparePlans);
  state.rows = new Map();
  for (const plan of plans) {
    const row = renderRow(plan);
    state.rows.set(plan.key, row);
    fragment.append(row);
  }
  rowsBody.replaceChildren(fragment);
  applyFilter();
  table.dataset.rows = String(state.rows.size);
  table.dataset.renderMs = (performance.now() - started).toFixed(1);
  // Milliseconds since navigation began: what a person waits for the list.
  table.dataset.shownAt = performance.now().toFixed(0);
}

export async function loadAll(): Promise<void> {
  const ticket = ++listTicket;
  try {
    const body = await getJson<PlanListResponse>('/api/plans');
    if (ticket !== listTicket) return;
    syncClock(body);
    state.plans = new Map(body.plans.map((plan) => [plan.key, plan]));
    state.loaded = true;
    renderAll();
    showBanner('');
  } catch (error) {
    showBanner(texts.list.cannotLoad((error as Error).message));
  }
}

/** Re-reads the plans of the given agent/session pairs and patches their rows. */
export async function refreshSessions(pairs: SessionPair[]): Promise<void> {
  const bodies = await Promise.all(
    pairs.map((pair) =>
      getJson<PlanListResponse>(
        `/api/plans?agent=${encodeURIComponent(pair.agent)}&session=${encodeURIComponent(pair.session)}`,
      ),
    ),
  );
  let reorder = false;
  const touched: string[] = [];
  bodies.forEach((body, index) => {
    const pair = pairs[index]!;
    syncClock(body);
    const fresh = new Set(body.plans.map((plan) => plan.key));
    for (const [key, plan] of state.plans) {
      if (plan.agent === pair.agent && plan.session === pair.session && !fresh.has(key)) {
        state.plans.delete(key);
        const row = state.rows.get(key);
        if (row) row.remove();
        state.rows.delete(key);
      }
    }
    for (const plan of body.plans) {
      state.plans.set(plan.key, plan);
      touched.push(plan.key);
      const row = state.rows.get(plan.key);
      if (!row) {
        reorder = true;
        continue;
      }
      const next = renderRow(plan);
      row.replaceWith(next);
      state.rows.set(plan.key, next);
    }
  });
  if (reorder) renderAll();
  else applyFilter();
  table.dataset.rows = String(state.rows.size);
  for (const key of touched) {
    const row = state.rows.get(key);
    if (row) row.classList.add('flash');
  }
}
