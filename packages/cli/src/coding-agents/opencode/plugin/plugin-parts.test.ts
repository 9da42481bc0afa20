/**
 * The plugin's pure parts: reading the hook's answer, OpenCode-style part ids, the time box,
 * and the context a session collects for the model. What the whole plugin does is tested
 * in-process (test/coding-agents/setup/opencode-plugin.test.ts) and inside the real OpenCode
 * (test/coding-agents/opencode/plankeeper-hooks.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { parseAnswer } from './hook-answer.js';
import type { OpencodeClient } from './opencode-types.js';
import { partId } from './part-id.js';
import { PluginSessions } from './plugin-sessions.js';
import { withTimeout } from './with-timeout.js';

describe('parseAnswer', () => {
  it('takes context, a refused stop or a refused call, in that order of preference', () => {
    expect(parseAnswer('{"context":"plan"}')).toEqual({ context: 'plan' });
    expect(parseAnswer('{"block":"open items"}')).toEqual({ block: 'open items' });
    expect(parseAnswer('{"deny":"wait"}')).toEqual({ deny: 'wait' });
    expect(parseAnswer('{"context":"a","block":"b"}')).toEqual({ context: 'a' });
  });

  it('is no answer for nothing, non-JSON and other shapes', () => {
    for (const stdout of ['', 'not json', 'null', '"context"', '[]', '{"context":1}', '{}']) {
      expect(parseAnswer(stdout)).toBeUndefined();
    }
  });
});

describe('partId', () => {
  it('is "prt_", the time in hex, then 14 characters of the alphabet', () => {
    const first = partId(1_700_000_000_000, () => 0);
    const later = partId(1_700_000_000_001, () => 0.999);
    expect(first).toMatch(/^prt_[0-9a-f]{12,}0{14}$/);
    expect(later).toMatch(/^prt_[0-9a-f]{12,}z{14}$/);
    const time = (id: string) => Number.parseInt(id.slice(4, -14), 16);
    expect(time(later)).toBeGreaterThan(time(first));
  });
});

describe('withTimeout', () => {
  it('gives the value, undefined for a failure, and undefined once the time is up', async () => {
    expect(await withTimeout(Promise.resolve(1), 1000)).toBe(1);
    expect(await withTimeout('plain', 1000)).toBe('plain');
    expect(await withTimeout(Promise.reject(new Error('no')), 1000)).toBeUndefined();
    vi.useFakeTimers();
    try {
      const late = withTimeout(new Promise(() => {}), 5000);
      vi.advanceTimersByTime(5000);
      expect(await late).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PluginSessions', () => {
  const client = (parentID?: string) =>
    ({
      session: { get: async () => ({ data: { parentID } }) },
    }) as unknown as OpencodeClient;

  it("asks in each session's order and adds a sub-agent's parent to the payload", async () => {
    const asked: unknown[] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sessions = new PluginSessions(client('ses_main'), async (event, payload) => {
      asked.push([event, payload]);
      if (event === 'one') await first;
      return { context: event };
    });
    const one = sessions.forward('one', 'ses_sub', { n: 1 });
    const two = sessions.forward('two', 'ses_sub', { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([['one', { n: 1, parentID: 'ses_main' }]]);
    release();
    expect(await one).toEqual({ context: 'one' });
    expect(await two).toEqual({ context: 'two' });
    expect(asked).toHaveLength(2);
  });

  it('joins the context a session has waiting with the answer, once', () => {
    const sessions = new PluginSessions(client(), async () => undefined);
    sessions.pending.set('s', ['from a failed call']);
    expect(sessions.contextFor('s', { context: 'the plan' })).toBe(
      'from a failed call\n\nthe plan',
    );
    expect(sessions.contextFor('s', { block: 'not context' })).toBe('');
  });
});
