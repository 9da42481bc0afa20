import { TAX_RATE } from './constants.js';

/** The net part of a gross refund in cents. */
export function netRefund(grossCents) {
  return Math.round(grossCents / (1 + TAX_RATE));
}
