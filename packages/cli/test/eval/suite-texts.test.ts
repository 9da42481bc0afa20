/** What a person and the model read in a suite eval, in each language: snapshots, plus the numbers behind them. */
import { LOCALE_IDS } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/cli/terminal/text-width.js';
import { formatProgressLine, formatSuiteReport } from '../../src/eval/suite/format-suite-report.js';
import { OWN_LOOP_SYSTEM } from '../../src/eval/suite/own-loop-texts.js';
import { sampleReport } from './suite-report-sample.js';

describe.each(LOCALE_IDS)('suite eval texts (%s)', (lang) => {
  it('the table: per arm with interval and cost, per pair with the verdict', () => {
    const table = formatSuiteReport(sampleReport(), lang);
    expect(table).toMatchSnapshot();
    // Columns line up in terminal cells, whatever the script.
    const [header, rule] = table.split('\n');
    expect(textWidth(header!.trimEnd())).toBeLessThanOrEqual(textWidth(rule!));
  });

  it('a partial table says how far it got', () => {
    expect(
      formatSuiteReport(sampleReport({ partial: true }), lang)
        .split('\n')
        .at(-1),
    ).toMatchSnapshot();
  });

  it('one progress line per run: pass, fail and error', () => {
    const runs = sampleReport().runs;
    const lines = [runs[0]!, runs[2]!, runs[7]!].map((run, index) =>
      formatProgressLine(run, index + 1, runs.length, lang),
    );
    expect(lines).toMatchSnapshot();
  });

  it('the system prompt of the own-loop runs', () => {
    expect(OWN_LOOP_SYSTEM[lang]).toMatchSnapshot();
  });
});

describe('suite report numbers', () => {
  it('leaves errors out of the pass rate and pairs only runs both arms finished', () => {
    const report = sampleReport();
    const standard = report.arms.find((arm) => arm.arm === 'standard')!;
    expect(standard).toMatchObject({ runs: 6, passed: 5, errors: 1, passRate: 1 });
    expect(standard.cost).toBeCloseTo((6 * 4200 * 0.15 + 6 * 300 * 0.6) / 1e6, 12);
    expect(report.comparisons).toEqual([
      {
        a: 'standard',
        b: 'off',
        pairs: 5,
        wins: 2,
        losses: 0,
        ties: 3,
        pValue: 0.5,
        significant: false,
      },
    ]);
  });
});
