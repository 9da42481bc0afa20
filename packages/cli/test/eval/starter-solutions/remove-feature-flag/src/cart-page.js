import { flags } from './flags.js';

/** The label of the button under the cart. */
export function cartButton() {
  return 'Pay now';
}

export function giftCardField(options = flags) {
  return options.giftCards ? 'Gift card code' : null;
}
