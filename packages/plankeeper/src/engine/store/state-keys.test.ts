import { describe, expect, it } from 'vitest';
import {
  planFileDigestKey,
  processRecordKey,
  toolUseRecordKey,
  turnRecordKey,
} from './state-keys.js';

describe('the state channel keys', () => {
  it('are the keys stores already hold, so records written before are found', () => {
    const plan = { agent: 'claude-code', session: 's1', scope: ['a1'] };
    expect(turnRecordKey(plan)).toEqual(plan);
    expect(toolUseRecordKey('claude-code', 'toolu_1')).toEqual({
      agent: 'claude-code',
      session: 'tool-use:toolu_1',
    });
    expect(processRecordKey('gemini', 4242)).toEqual({
      agent: 'gemini',
      session: 'cli-process:4242',
    });
    expect(planFileDigestKey('list/PLAN.md')).toEqual({
      agent: 'plan-file',
      session: 'list/PLAN.md',
    });
  });
});
