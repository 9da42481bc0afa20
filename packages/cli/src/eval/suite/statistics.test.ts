/** The suite report's statistics against values worked out by hand and from published tables. */
import { describe, expect, it } from 'vitest';
import { signTestPValue, wilsonInterval } from './statistics.js';

describe('exact two-sided sign test', () => {
  it.each([
    [0, 0, 1],
    [1, 0, 1],
    [3, 0, 0.25],
    [5, 0, 0.0625],
    [6, 0, 0.03125],
    [0, 6, 0.03125],
    [8, 2, 0.109375],
    [2, 8, 0.109375],
    [9, 1, 0.021484375],
    [10, 0, 0.001953125],
    [5, 5, 1],
    [15, 5, 0.04138946533203125],
  ])('%i wins, %i losses: p = %f', (wins, losses, p) => {
    expect(signTestPValue(wins, losses)).toBe(p);
  });

  it('stays a probability with thousands of pairs', () => {
    expect(signTestPValue(600, 500)).toBeCloseTo(0.00282, 5);
    expect(signTestPValue(550, 550)).toBe(1);
  });
});

describe('95% Wilson interval', () => {
  it.each([
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [5, 10, 0.2366, 0.7634],
    [1, 3, 0.0615, 0.7923],
    [34, 102, 0.2494, 0.4294],
  ])('%i of %i: %f to %f', (passed, trials, low, high) => {
    const interval = wilsonInterval(passed, trials);
    expect(interval?.low).toBeCloseTo(low, 4);
    expect(interval?.high).toBeCloseTo(high, 4);
  });

  it('has no interval without a scored run', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
