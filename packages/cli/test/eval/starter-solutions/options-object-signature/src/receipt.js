import { formatPrice as price } from './format-price.js';

export function receiptFooter(paid, change) {
  return `Paid ${price({ amount: paid, currency: 'GBP' })}, change ${price({ amount: change, currency: 'GBP' })}`;
}
