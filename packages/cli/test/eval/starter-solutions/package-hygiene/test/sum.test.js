import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sum } from '../src/index.js';

test('sum adds its arguments', () => {
  assert.equal(sum(1, 2, 3), 6);
  assert.throws(() => sum(1, '2'), TypeError);
});
