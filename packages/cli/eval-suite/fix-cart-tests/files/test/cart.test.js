import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addItem, createCart, total } from '../src/cart.js';

test('adding the same item twice adds up the quantities', () => {
  const cart = createCart();
  addItem(cart, 'pen', 150, 2);
  addItem(cart, 'pen', 150, 3);
  assert.equal(cart.lines.length, 1);
  assert.equal(cart.lines[0].quantity, 5);
  assert.equal(total(cart), 750);
});

test('total applies a code', () => {
  const cart = addItem(createCart(), 'book', 2000);
  assert.equal(total(cart, 'TENOFF'), 1800);
});
