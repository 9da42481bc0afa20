import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../engine/check-record.js';
import { getLocale } from '../../locale/index.js';
import { checksAtAnswer, checksAtTurnStart, checksDue } from './checks-before-done.js';
import { newTurnRecord, type TurnRecord } from './turn-record.js';

const locale = getLocale('en');
const result = (outcome: CheckResult['outcome'], command = 'npm test'): CheckResult => ({
  command,
  outcome,
  ...(outcome === 'failed' && { exit: 1 }),
  durationMs: 10,
  tail: outcome === 'passed' ? '' : 'FAIL',
  at: 0,
});
const run = (...results: CheckResult[]) => ({
  ok: results.every((r) => r.outcome === 'passed' || r.outcome === 'cannot-start'),
  results,
});

function turnAt(workspace: string, previous?: TurnRecord): TurnRecord {
  const checks = checksAtTurnStart(previous?.checks, workspace);
  return { ...newTurnRecord('t', 'task', 0), ...(checks && { checks }) };
}

describe('checks before done, the rules', () => {
  it('is due only when the workspace changed since the turn began, the last pass and the last run', () => {
    const record = turnAt('A');
    expect(checksDue(record, 'A')).toBe(false);
    expect(checksDue(record, 'B')).toBe(true);
    const ran = checksAtAnswer({ workspace: 'B', run: run(result('failed')) }, record, 3, locale);
    expect(checksDue(ran.record, 'B')).toBe(false);
    expect(checksDue(ran.record, 'C')).toBe(true);
    // A host that never saw the turn start runs the checks.
    expect(checksDue(newTurnRecord('t', 'task', 0), 'A')).toBe(true);
  });

  it('refuses a failing run up to the bound, then lets the answer through with a notice', () => {
    let record = turnAt('A');
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const found = i === 0 ? { workspace: 'B', run: run(result('failed')) } : { workspace: 'B' };
      const step = checksAtAnswer(found, record, 3, locale);
      record = step.record;
      answers.push(step.answer?.kind);
    }
    expect(answers).toEqual(['bounce', 'bounce', 'bounce', 'notice']);
    expect(record.checks?.refusals).toBe(3);
    expect(record.bounced).toEqual(['checks', 'checks', 'checks']);
  });

  it('says nothing when the run passed, and remembers the pass for later turns', () => {
    const step = checksAtAnswer(
      { workspace: 'B', run: run(result('passed')) },
      turnAt('A'),
      3,
      locale,
    );
    expect(step.answer).toBeUndefined();
    const next = turnAt('B', step.record);
    expect(next.checks).toMatchObject({ start: 'B', passed: 'B', refusals: 0 });
    expect(checksDue(next, 'B')).toBe(false);
  });

  it('a turn that changed nothing is never refused, even while the checks fail', () => {
    const failedBefore = checksAtAnswer(
      { workspace: 'B', run: run(result('failed')) },
      turnAt('A'),
      0,
      locale,
    ).record;
    const next = turnAt('B', failedBefore);
    const step = checksAtAnswer({ workspace: 'B' }, next, 3, locale);
    expect(step.answer).toBeUndefined();
  });

  it('a command that cannot start blocks nothing and is said once', () => {
    const record = turnAt('A');
    const first = checksAtAnswer(
      { workspace: 'B', run: run(result('cannot-start', 'nosuch')) },
      record,
      3,
      locale,
    );
    expect(first.answer).toEqual({ kind: 'notice', text: expect.stringContaining('nosuch') });
    const again = checksAtAnswer(
      { workspace: 'C', run: run(result('cannot-start', 'nosuch')) },
      first.record,
      3,
      locale,
    );
    expect(again.answer).toBeUndefined();
  });

  it('zero refusals lets a failing answer through at once, with the notice', () => {
    const step = checksAtAnswer(
      { workspace: 'B', run: run(result('failed')) },
      turnAt('A'),
      0,
      locale,
    );
    expect(step.answer?.kind).toBe('notice');
  });
});
