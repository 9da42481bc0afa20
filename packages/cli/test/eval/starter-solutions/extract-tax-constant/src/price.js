import { TAX_RATE } from './constants.js';

/** The gross price of a net price in cents. */
export function gross(net) {
  return Math.round(net * (1 + TAX_RATE));
}
