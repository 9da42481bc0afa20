import { describe, expect, it } from 'vitest';
import { getLocale } from '../locale/index.js';
import { asksTheRules, sessionPlan } from './answer-in-store.js';

const rules = { locale: getLocale('en') };
const start = (tool: string) => ({ kind: 'tool-start', tool, isPlanTool: false }) as const;

describe('the hook answering path', () => {
  it('asks the rules about a call about to run only while tools wait for approval', () => {
    expect(asksTheRules(start('Edit'), { rules })).toBe(false);
    const waiting = { rules: { ...rules, approval: 'once' as const } };
    expect(asksTheRules(start('Edit'), waiting)).toBe(true);
    expect(asksTheRules(start('Read'), { ...waiting, allowWhileWaiting: new Set(['Read']) })).toBe(
      false,
    );
    expect(asksTheRules({ kind: 'pre-compact' }, { rules })).toBe(true);
  });

  it("keys a shared list's plan by the list, with the session as the owner", () => {
    const session = { agent: 'claude-code', session: 's1', scope: ['a1'] };
    expect(sessionPlan(session, undefined)).toEqual({});
    expect(sessionPlan(session, 'release')).toEqual({
      planKey: { agent: 'list', session: 'release', scope: ['a1'] },
      owner: 's1',
    });
  });
});
