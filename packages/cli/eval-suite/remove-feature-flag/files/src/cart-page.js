import { flags } from './flags.js';

/** The label of the button under the cart. */
export function cartButton(options = flags) {
  return options.newCheckout ? 'Pay now' : 'Continue to address';
}

export function giftCardField(options = flags) {
  return options.giftCards ? 'Gift card code' : null;
}
