/**
 * Element building. Plan text reaches the DOM only as `textContent`, never as markup:
 * item text is model-written.
 */

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string | null,
  text?: unknown,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** A progress bar, `done` of `total` filled, labelled for screen readers. */
export function bar(done: number, total: number): HTMLSpanElement {
  const outer = el('span', 'bar');
  const inner = el('span');
  inner.style.width = `${total ? Math.round((done / total) * 100) : 0}%`;
  outer.append(inner);
  outer.setAttribute('role', 'img');
  outer.setAttribute('aria-label', `${done} of ${total} completed`);
  return outer;
}

export function count(number: number): string {
  return number.toLocaleString('en');
}

export function scopeText(scope: readonly string[]): string {
  return scope.length ? scope.join(' › ') : '';
}
