import { flags } from './flags.js';

/** The steps a buyer goes through. */
export function checkoutSteps(options = flags) {
  if (options.newCheckout) return ['cart', 'pay', 'done'];
  return ['cart', 'address', 'shipping', 'pay', 'review', 'done'];
}
