import { describe, expect, it } from 'vitest';
import { failOpen } from './fail-open.js';

describe('failOpen', () => {
  it("gives the work's answer when it comes in time", async () => {
    const errors: unknown[] = [];
    const answer = await failOpen(async () => 'answer', {
      neutral: 'neutral',
      onError: (error) => errors.push(error),
    });
    expect(answer).toBe('answer');
    expect(errors).toEqual([]);
  });

  it('reports a failure once and gives the neutral answer', async () => {
    const errors: unknown[] = [];
    const answer = await failOpen(
      async () => {
        throw new Error('store down');
      },
      { neutral: 'neutral', onError: (error) => errors.push(error) },
    );
    expect(answer).toBe('neutral');
    expect(errors.map(String)).toEqual(['Error: store down']);
  });

  it('gives up at the deadline, and hands the work a lock wait deadline before it', async () => {
    const errors: unknown[] = [];
    let lockWaitDeadline = 0;
    const started = Date.now();
    const answer = await failOpen(
      (until) => {
        lockWaitDeadline = until;
        return new Promise<string>(() => {});
      },
      { deadlineMs: 300, neutral: 'neutral', onError: (error) => errors.push(error) },
    );
    expect(answer).toBe('neutral');
    expect(errors.map(String)).toEqual(['Error: gave up after 300 ms']);
    expect(lockWaitDeadline - started).toBeLessThan(300);
  });
});
