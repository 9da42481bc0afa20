import { describe, expect, it } from 'vitest';
import { isStalePlan, sameItems } from './todo-item.js';

describe('isStalePlan', () => {
  const clock = { now: 1_000_000, staleAfterMs: 60_000 };

  it('is true once a plan with open items has gone staleAfterMs without a write', () => {
    expect(isStalePlan({ open: 1, updatedAt: clock.now - 60_000 }, clock)).toBe(true);
    expect(isStalePlan({ open: 3, updatedAt: clock.now - 3_600_000 }, clock)).toBe(true);
  });

  it('is false a millisecond before the threshold', () => {
    expect(isStalePlan({ open: 1, updatedAt: clock.now - 59_999 }, clock)).toBe(false);
  });

  it('is never true for a plan with nothing left to do, however old', () => {
    expect(isStalePlan({ open: 0, updatedAt: 0 }, clock)).toBe(false);
  });
});

describe('sameItems', () => {
  const item = { id: '2', content: 'Build', status: 'pending' as const };

  it('tells lists apart by their blockers, in order, and treats none and [] alike', () => {
    expect(sameItems([{ ...item, blockedBy: ['1'] }], [{ ...item, blockedBy: ['1'] }])).toBe(true);
    expect(sameItems([{ ...item, blockedBy: ['1'] }], [item])).toBe(false);
    expect(
      sameItems([{ ...item, blockedBy: ['1', '3'] }], [{ ...item, blockedBy: ['3', '1'] }]),
    ).toBe(false);
    expect(sameItems([{ ...item, blockedBy: [] }], [item])).toBe(true);
  });
});
