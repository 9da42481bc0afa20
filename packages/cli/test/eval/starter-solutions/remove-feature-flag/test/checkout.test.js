import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cartButton } from '../src/cart-page.js';
import { checkoutSteps } from '../src/checkout.js';

test('checkout has three steps', () => {
  assert.deepEqual(checkoutSteps(), ['cart', 'pay', 'done']);
  assert.equal(cartButton(), 'Pay now');
});
