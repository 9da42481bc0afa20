/** One row of the plan list: who, how far along, what is being done now, and its state. */
import type { PlanSummary } from '../../api-types.js';
import { ago, planState } from './clock.js';
import { bar, el, scopeText } from './dom.js';
import { state } from './state.js';
import { texts } from './texts.js';

export function renderRow(plan: PlanSummary): HTMLTableRowElement {
  const row = el('tr', 'plan');
  row.dataset.key = plan.key;
  row.tabIndex = 0;
  const progress = el('td', 'progress');
  progress.append(
    bar(plan.completed, plan.total),
    el('span', 'count', `${plan.completed}/${plan.total}`),
  );
  const now = el('td', 'now');
  if (plan.error) {
    now.append(el('span', 'error', plan.error));
  } else if (plan.current) {
    now.append(
      el('span', 'pulse'),
      el('span', 'doing', plan.current.activeForm || plan.current.content),
    );
    now.title = `#${plan.current.id} ${plan.current.content}`;
  } else if (plan.total === 0) {
    now.append(el('span', 'muted', texts.list.emptyPlan));
  } else if (plan.open === 0) {
    now.append(el('span', 'muted', texts.list.allDone));
  } else {
    now.append(el('span', 'muted', texts.list.noneInProgress(plan.open)));
  }
  const agent = el('td', 'agent', plan.agent);
  agent.title = plan.agent;
  const session = el('td', 'session', plan.session);
  session.title = plan.session;
  const scope = el('td', 'scope', scopeText(plan.scope));
  scope.title = scopeText(plan.scope);
  row.append(agent, session, scope, progress, now, el('td', 'state'), el('td', 'updated'));
  const words = [plan.agent, plan.session, ...plan.scope];
  if (plan.current) words.push(plan.current.content, plan.current.activeForm || '');
  row.dataset.search = words.join('\n').toLowerCase();
  refreshRow(row, plan);
  if (plan.key === state.selected) row.classList.add('selected');
  return row;
}

/** The age-dependent parts, the state badge and "updated" time, redrawn as time passes. */
export function refreshRow(row: HTMLTableRowElement, plan: PlanSummary): void {
  const current = planState(plan);
  if (row.dataset.state !== current) {
    row.dataset.state = current;
    row.classList.remove('is-stale', 'is-done', 'is-open', 'is-empty');
    row.classList.add(`is-${current}`);
    row.cells[5]!.replaceChildren(el('span', `badge ${current}`, texts.states[current]));
  }
  // The exact time goes in the tooltip when hovered: formatting a thousand dates up
  // front would cost more than the rest of the row.
  row.cells[6]!.textContent = ago(plan.updatedAt);
}
