import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits.js';

describe('groupDigits', () => {
  it.each([0, 7, 999, 1000, 10_000, 123_456, 1_048_576, 1_000_000, 123_456_789, -1_234_567])(
    'writes %d as en-US does',
    (value) => {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    },
  );
});
