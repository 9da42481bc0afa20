import { formatPrice } from '../format-price.js';

export function revenueReport(byCurrency) {
  return Object.entries(byCurrency)
    .map(([currency, cents]) => formatPrice(cents, currency))
    .join(' | ');
}
