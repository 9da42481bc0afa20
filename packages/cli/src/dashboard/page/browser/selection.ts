/** Which plan is open lives in the address (`#plan=KEY`), so a reload comes back to it. */
import { el } from './dom.js';
import { detail, rowsBody } from './elements.js';
import { loadDetail } from './plan-detail.js';
import { state } from './state.js';
import { texts } from './texts.js';

function markSelected(): void {
  for (const row of rowsBody.querySelectorAll('tr.selected')) row.classList.remove('selected');
  const row = state.selected && state.rows.get(state.selected);
  if (row) row.classList.add('selected');
}

export function selectFromHash(): void {
  const match = /^#plan=(.+)$/.exec(location.hash);
  let key: string | null = null;
  try {
    key = match ? decodeURIComponent(match[1]!) : null;
  } catch {
    key = null;
  }
  state.selected = key;
  markSelected();
  if (key) loadDetail(key);
  else {
    state.selectedPlan = null;
    detail.replaceChildren(el('p', 'hint select-hint', texts.selectHint));
  }
}

export function select(key: string): void {
  const hash = `#plan=${encodeURIComponent(key)}`;
  if (location.hash === hash) selectFromHash();
  else location.hash = hash;
}
