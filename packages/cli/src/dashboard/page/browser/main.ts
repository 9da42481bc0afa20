/**
 * The dashboard page's script, bundled by the build (scripts/build-page.mjs) into the
 * one inline script the server sends. It wires the page's controls, keeps ages fresh,
 * opens the plan named in the address and connects to the event stream.
 */
import { filterBox, rowsBody, showBox } from './elements.js';
import { connect } from './live-updates.js';
import { refreshDetailAge } from './plan-detail.js';
import { applyFilter } from './plan-list.js';
import { refreshRow } from './plan-row.js';
import { select, selectFromHash } from './selection.js';
import { state } from './state.js';

/** The plan row an event happened in, if any. */
function rowOf(event: Event): HTMLTableRowElement | null {
  return event.target instanceof Element
    ? event.target.closest<HTMLTableRowElement>('tr[data-key]')
    : null;
}

rowsBody.addEventListener('click', (event) => {
  const key = rowOf(event)?.dataset.key;
  if (key !== undefined) select(key);
});
rowsBody.addEventListener('mouseover', (event) => {
  const cell =
    event.target instanceof Element
      ? event.target.closest<HTMLTableCellElement>('td.updated')
      : null;
  const row = cell?.parentElement;
  const plan = row && state.plans.get(row.dataset.key ?? '');
  if (cell && plan) cell.title = new Date(plan.updatedAt).toLocaleString();
});
rowsBody.addEventListener('keydown', (event) => {
  const key = rowOf(event)?.dataset.key;
  if (key !== undefined && (event.key === 'Enter' || event.key === ' ')) {
    event.preventDefault();
    select(key);
  }
});
filterBox.addEventListener('input', applyFilter);
showBox.addEventListener('change', applyFilter);
window.addEventListener('hashchange', selectFromHash);
setInterval(() => {
  for (const [key, row] of state.rows) {
    const plan = state.plans.get(key);
    if (plan) refreshRow(row, plan);
  }
  applyFilter();
  refreshDetailAge();
}, 15000);

selectFromHash();
connect();
