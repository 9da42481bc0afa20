import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cartButton } from '../src/cart-page.js';
import { checkoutSteps } from '../src/checkout.js';

test('new checkout has three steps', () => {
  assert.deepEqual(checkoutSteps({ newCheckout: true }), ['cart', 'pay', 'done']);
  assert.equal(cartButton({ newCheckout: true }), 'Pay now');
});

test('old checkout asks for the address first', () => {
  assert.equal(checkoutSteps({ newCheckout: false })[1], 'address');
  assert.equal(cartButton({ newCheckout: false }), 'Continue to address');
});
