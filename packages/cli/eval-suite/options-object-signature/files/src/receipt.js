import { formatPrice as price } from './format-price.js';

export function receiptFooter(paid, change) {
  return `Paid ${price(paid, 'GBP')}, change ${price(change, 'GBP')}`;
}
