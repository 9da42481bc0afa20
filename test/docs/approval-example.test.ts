/** The README's plan approval example runs as its comments say. */
import { describe, expect, it } from 'vitest';
import { planThenRun } from '../../examples/approval.js';

describe('examples/approval.ts', () => {
  it('holds the shell until the plan is approved, then runs it once', async () => {
    expect(await planThenRun()).toEqual({
      ran: ['npm test'],
      review: 'The plan is ready for your review.',
      answer: 'Tests pass.',
    });
  });
});
