import * as money from './format-price.js';

export function refundEmail(name, cents, currency) {
  return `Hello ${name}, we refunded ${money.formatPrice({ amount: cents, currency })}.`;
}
