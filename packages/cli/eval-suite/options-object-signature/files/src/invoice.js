import { formatPrice } from './format-price.js';

export function invoiceLines(items, currency) {
  return items.map((item) => `${item.name}  ${formatPrice(item.cents, currency)}`);
}
