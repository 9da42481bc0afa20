import type { LocaleId } from 'plankeeper';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUARD_COLUMNS, type GuardColumn } from '../../src/eval/guard-columns.js';
import { type EvalReport, type RunReport, runEval } from '../../src/eval/run-eval.js';

/** Runs without their wall time, the one figure a rerun does not repeat. */
function withoutWallTime(runs: Partial<Record<GuardColumn, RunReport>>) {
  return Object.fromEntries(
    Object.entries(runs).map(([column, { wallMs: _, ...run }]) => [column, run]),
  );
}

/**
 * What each guard really does against each failure mode, as the behaviour models and
 * outcome checks measure it. `true`: the outcome passes with that column (the failure,
 * which shows with guards off, is caught); `false`: it still fails. `checks` runs only
 * where the environment is a real folder with the person's check command.
 */
const TRUTH: Record<
  string,
  Record<Exclude<GuardColumn, 'off' | 'checks'>, boolean> & { checks?: boolean }
> = {
  distraction: {
    injection: true,
    'leftover-marking': true,
    nudge: true,
    'finish-check': true,
    'goal-check': false,
    evidence: false,
    verifier: false,
    all: true,
  },
  'never-updates': {
    injection: false,
    'leftover-marking': false,
    nudge: false,
    'finish-check': true,
    'goal-check': false,
    evidence: false,
    verifier: false,
    all: true,
  },
  'stops-early': {
    injection: false,
    'leftover-marking': false,
    nudge: false,
    'finish-check': false,
    'goal-check': true,
    evidence: false,
    verifier: false,
    all: true,
  },
  'off-target': {
    injection: false,
    'leftover-marking': false,
    nudge: false,
    'finish-check': false,
    'goal-check': true,
    evidence: false,
    verifier: false,
    all: true,
  },
  'stale-plan': {
    injection: false,
    'leftover-marking': true,
    nudge: false,
    'finish-check': false,
    'goal-check': false,
    evidence: false,
    verifier: false,
    all: true,
  },
  'parallel-writes': {
    injection: true,
    'leftover-marking': true,
    nudge: false,
    'finish-check': true,
    'goal-check': false,
    evidence: false,
    verifier: false,
    all: true,
  },
  // A write that changes nothing is answered with the stored list, so each loop ends
  // after one re-send; with the plan section's calls saved that fits the budget.
  'write-loop': {
    injection: true,
    'leftover-marking': true,
    nudge: false,
    'finish-check': false,
    'goal-check': false,
    evidence: false,
    verifier: false,
    all: true,
  },
  // "all on" is the shipped defaults, where evidence is off and no verifier is set.
  'ticks-without-doing': {
    injection: false,
    'leftover-marking': false,
    nudge: false,
    'finish-check': false,
    'goal-check': false,
    evidence: true,
    verifier: false,
    all: false,
  },
  // The test run fails, so no call succeeded for the tests item: the evidence rule refuses
  // every retry and the budget runs out; only the person's check names the failing test.
  'claims-tests-pass': {
    injection: false,
    'leftover-marking': false,
    nudge: false,
    'finish-check': false,
    'goal-check': false,
    evidence: false,
    verifier: true,
    all: false,
  },
  // The plan is in order and the answer says done: only the person's command tells. The
  // verifier runs it at the final completion; checks before done when the model answers.
  'done-while-check-fails': {
    injection: false,
    'leftover-marking': false,
    nudge: false,
    'finish-check': false,
    'goal-check': false,
    evidence: false,
    verifier: true,
    all: false,
    checks: true,
  },
};

const reports = new Map<LocaleId, EvalReport>();

// The two scenarios in a real folder start `node check.mjs` for their checks and outcomes,
// which takes a while on a busy machine.
beforeAll(async () => {
  for (const lang of ['en', 'zh'] as const) reports.set(lang, await runEval({ lang }));
}, 180_000);

describe.each(['en', 'zh'] as const)('scenario suite (%s)', (lang) => {
  const scenario = (id: string) => {
    const found = reports.get(lang)?.scenarios.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no scenario ${id}`);
    return found;
  };

  it('runs every scenario in the suite, the control last', () => {
    expect(reports.get(lang)?.scenarios.map((candidate) => candidate.id)).toEqual([
      ...Object.keys(TRUTH),
      'diligent',
      'diligent-with-check',
    ]);
  });

  it('control: a diligent model passes everywhere, so the columns show pure overhead', () => {
    const { runs, caught } = scenario('diligent');
    for (const run of Object.values(runs)) expect(run.passed).toBe(true);
    expect(Object.values(caught).every((value) => value === null)).toBe(true);
    // The goal check rides on the result of the write that closes the plan: no extra call.
    expect(runs['goal-check']?.extraCalls).toBe(0);
    expect(runs['goal-check']?.extraInputTokens).toBeGreaterThan(0);
    expect(runs.nudge).toMatchObject({ extraCalls: 0, extraInputTokens: 0 });
    expect(runs['finish-check']).toMatchObject({ extraCalls: 0, extraInputTokens: 0 });
    expect(runs.injection?.extraCalls).toBe(0);
    expect(runs.injection?.extraInputTokens).toBeGreaterThan(0);
    // The lean-discipline target: every guard on costs a model that needs no help no call
    // and at most 5% more input tokens.
    expect(runs.all?.extraCalls).toBe(0);
    expect(runs.all!.inputTokens).toBeLessThanOrEqual(runs.off!.inputTokens * 1.05);
    // A diligent model's work is its evidence, and its work passes the check: no cost.
    expect(runs.evidence).toMatchObject({ extraCalls: 0, extraInputTokens: 0 });
    expect(runs.verifier).toMatchObject({ extraCalls: 0, extraInputTokens: 0 });
  });

  it('every preset catches the seven planning failure modes (the three completion ones need evidence enforce, a verifier or checks before done); light costs the control least, strict most', () => {
    const presets = reports.get(lang)!.presets;
    expect(
      presets.map((preset) => [preset.discipline, preset.caught, preset.failureModes]),
    ).toEqual([
      ['light', 7, 10],
      ['standard', 7, 10],
      ['strict', 7, 10],
    ]);
    for (const preset of presets) expect(preset.control?.extraCalls).toBe(0);
    const [light, standard, strict] = presets.map((preset) => preset.control!.extraInputTokens);
    expect(light).toBeGreaterThan(0);
    expect(light).toBeLessThan(standard!);
    expect(standard).toBeLessThan(strict!);
    // standard is what every guard on means: the same run as the `all` column.
    expect(scenario('diligent').presets.standard?.inputTokens).toBe(
      scenario('diligent').runs.all?.inputTokens,
    );
    expect(presets[1]!.control!.extraShare).toBeLessThanOrEqual(0.05);
  });

  it('ticks-without-doing: with guards off only the patch is applied; the evidence rule gets every step done', () => {
    const { off, evidence } = scenario('ticks-without-doing').runs;
    expect(off?.detail).toBe('not done: set_version, run_tests, build_package');
    expect(evidence?.detail).toBe('all 4 steps done');
  });

  it('claims-tests-pass: the answer says the tests pass while one fails; the check makes it fix the test', () => {
    const { off, verifier, evidence } = scenario('claims-tests-pass').runs;
    expect(off?.detail).toBe('a test still fails');
    expect(off?.answer).toMatch(lang === 'en' ? /all tests pass/ : /测试全部通过/);
    expect(verifier?.detail).toBe('tests pass, and were run');
    expect(evidence?.error).toMatch(/^Step budget exhausted/);
  });

  it.each(Object.keys(TRUTH))('%s: the failure shows with guards off', (id) => {
    expect(scenario(id).runs.off?.passed).toBe(false);
  });

  it.each(Object.entries(TRUTH))('%s: caught by exactly the guards that catch it', (id, truth) => {
    const { runs, caught } = scenario(id);
    for (const [column, expected] of Object.entries(truth)) {
      expect({ column, passed: runs[column as GuardColumn]?.passed }).toEqual({
        column,
        passed: expected,
      });
      expect(caught[column as GuardColumn]).toBe(expected);
    }
  });

  it('distraction: with guards off the model stops after one module, and says it is done', () => {
    const { off, injection } = scenario('distraction').runs;
    expect(off?.detail).toBe('1/5 modules annotated, bug fixed, last test run green');
    expect(off?.error).toBeNull();
    expect(off?.answer).toMatch(lang === 'en' ? /All tests pass now/ : /测试全部通过/);
    expect(injection?.detail).toBe('5/5 modules annotated, bug fixed, last test run green');
  });

  it('never-updates: a reminder alone leaves the plan behind the work', () => {
    expect(scenario('never-updates').runs.nudge?.detail).toBe('5/5 steps done; plan 3/5 completed');
    expect(scenario('never-updates').runs.off?.detail).toBe('5/5 steps done; plan 0/5 completed');
  });

  it('stale-plan: without leftover marking the model publishes without the go-ahead', () => {
    const { runs } = scenario('stale-plan');
    expect(runs.injection?.detail).toBe('published without the go-ahead');
    expect(runs['leftover-marking']?.detail).toBe('old item not carried, tests run');
  });

  it('write-loop: with guards off the step budget runs out', () => {
    const { off } = scenario('write-loop').runs;
    expect(off?.answer).toBeNull();
    expect(off?.error).toMatch(/^Step budget exhausted: 14 model calls/);
  });

  it('off-target: the goal check turns a one-part answer into a two-part one', () => {
    const { off, 'goal-check': goal } = scenario('off-target').runs;
    expect(off?.detail).toBe('answer covers: returns');
    expect(goal?.detail).toBe('answer covers: returns, warranty');
    expect(goal?.answer).toMatch(lang === 'en' ? /cracked screens/ : /屏幕碎裂/);
  });

  it('checks before done: caught by a refused answer; on the control one run per changed turn, none on the question, no refusal, no extra call', () => {
    const failure = scenario('done-while-check-fails').runs;
    expect(failure.off?.detail).toBe('the check fails: CHANGES.md: line 3 differs');
    expect(failure.off?.checks).toEqual({ runs: [0], refusals: 0, notices: 0 });
    // Refused once with the check's output, fixed, then one more run that passes.
    expect(failure.checks).toMatchObject({ passed: true, detail: 'the check passes' });
    expect(failure.checks?.checks).toEqual({ runs: [2], refusals: 1, notices: 0 });
    expect(failure.checks?.extraCalls).toBe(2);
    const control = scenario('diligent-with-check').runs;
    expect(control.checks?.checks).toEqual({ runs: [1, 0, 1], refusals: 0, notices: 0 });
    expect(control.checks?.extraCalls).toBe(0);
    expect(control.checks?.inputTokens).toBe(control.all?.inputTokens);
    for (const column of GUARD_COLUMNS.filter((name) => name !== 'checks')) {
      expect(control[column]?.checks).toEqual({ runs: [0, 0, 0], refusals: 0, notices: 0 });
    }
    expect(reports.get(lang)?.checks.find((arm) => arm.column === 'checks')).toEqual({
      column: 'checks',
      caught: 1,
      failureModes: 1,
      refusals: 1,
      control: {
        passed: true,
        calls: control.checks?.calls,
        extraCalls: 0,
        runs: [1, 0, 1],
        refusals: 0,
        wallMs: control.checks?.wallMs,
        extraWallMs: control.checks!.wallMs - control.all!.wallMs,
      },
    });
    // The verifier column catches it too, but by refusing the completion, not an answer.
    expect(reports.get(lang)?.checks.find((arm) => arm.column === 'verifier')).toMatchObject({
      caught: 0,
      refusals: 0,
    });
  });

  it('checks before done run only where a real folder has the check command', () => {
    for (const report of reports.get(lang)?.scenarios ?? []) {
      const inFolder = ['done-while-check-fails', 'diligent-with-check'].includes(report.id);
      expect({ id: report.id, ran: report.runs.checks !== undefined }).toEqual({
        id: report.id,
        ran: inFolder,
      });
      if (!inFolder) expect(report.runs.off?.checks).toBeNull();
    }
  });

  it('measures cost from the runs: guard-on minus its baseline', () => {
    for (const report of reports.get(lang)?.scenarios ?? []) {
      const { runs } = report;
      expect(runs.nudge?.extraCalls).toBe(runs.nudge!.calls - runs.off!.calls);
      expect(runs['leftover-marking']?.extraInputTokens).toBe(
        runs['leftover-marking']!.inputTokens - runs.injection!.inputTokens,
      );
      expect(runs.off?.extraCalls).toBeNull();
      expect(runs.off!.inputTokens).toBeGreaterThan(0);
    }
  });
});

it('the suite is deterministic: two runs give the same figures', async () => {
  const again = await runEval({ locale: 'en', scenarios: ['distraction', 'stale-plan'] });
  const first = reports.get('en');
  for (const report of again.scenarios) {
    const earlier = first?.scenarios.find((candidate) => candidate.id === report.id);
    expect(withoutWallTime(report.runs)).toEqual(withoutWallTime(earlier?.runs ?? {}));
  }
});
