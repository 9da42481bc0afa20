import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mean, median, range } from '../src/stats.js';

test('mean', () => {
  assert.equal(mean([1, 2, 3, 4]), 2.5);
  assert.ok(Number.isNaN(mean([])));
});

test('median of an odd count', () => {
  assert.equal(median([3, 1, 2]), 2);
});

test('median sorts numbers as numbers', () => {
  assert.equal(median([10, 9, 2, 100]), 9.5);
  assert.equal(median([5, 40, 300]), 40);
});

test('range', () => {
  assert.equal(range([4, -2, 7]), 9);
});
