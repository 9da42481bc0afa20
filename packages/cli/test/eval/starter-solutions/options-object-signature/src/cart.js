import { formatPrice } from './format-price.js';

export function cartTotalLine(cents) {
  return `Total: ${formatPrice({ amount: cents })}`;
}
