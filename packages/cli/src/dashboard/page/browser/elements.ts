/** The page's fixed elements (see dashboard-page.ts), looked up once. */

function byId<T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`The dashboard page has no #${id} element.`);
  return node;
}

export const rowsBody = byId('rows', HTMLTableSectionElement);
export const table = byId('plans', HTMLTableElement);
export const detail = byId('detail-pane', HTMLElement);
export const filterBox = byId('filter', HTMLInputElement);
export const showBox = byId('show', HTMLSelectElement);
export const summary = byId('summary', HTMLElement);
export const live = byId('live', HTMLElement);
export const banner = byId('banner', HTMLElement);
export const emptyNote = byId('empty', HTMLElement);

/** The alert line above the list; empty text hides it. */
export function showBanner(text: string): void {
  banner.textContent = text;
  banner.hidden = !text;
}
