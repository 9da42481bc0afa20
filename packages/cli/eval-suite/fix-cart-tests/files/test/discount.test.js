import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyDiscount } from '../src/discount.js';

test('percent codes', () => {
  assert.equal(applyDiscount(1000, 'TENOFF'), 900);
});

test('a fixed code never takes the total below zero', () => {
  assert.equal(applyDiscount(1200, 'FIVER'), 700);
  assert.equal(applyDiscount(300, 'FIVER'), 0);
});

test('unknown codes change nothing', () => {
  assert.equal(applyDiscount(1000, 'NOPE'), 1000);
});
