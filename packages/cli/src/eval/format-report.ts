/**
 * The eval report as text: which guard caught which failure mode, what each guard cost,
 * and what every run's outcome check saw. Says first where the behaviour came from.
 */
import { inFlagTerms } from '../cli/flag-wording.js';
import { checksTable } from './format-checks.js';
import { COLUMN_LABELS, COST_BASELINE, type GuardColumn } from './guard-columns.js';
import { signed, table } from './report-table.js';
import {
  CONTROL_SCENARIO,
  type EvalReport,
  type RunReport,
  type ScenarioReport,
} from './run-eval.js';

export function formatEvalReport(report: EvalReport): string {
  const out: string[] = [...verdictLines(report), ...costLines(report)];
  if (report.presets.length > 0) {
    out.push('');
    out.push(...presetTable(report));
  }
  if (report.checks.length > 0) {
    out.push('');
    out.push(...checksTable(report));
  }
  out.push('');
  out.push('Runs');
  for (const scenario of report.scenarios) out.push(...runLines(report, scenario));
  return out.join('\n');
}

/** Where the behaviour came from, and which guard caught which failure mode. */
function verdictLines(report: EvalReport): string[] {
  const { columns } = report;
  const out: string[] = [];
  const source =
    report.source.kind === 'real-model'
      ? `REAL MODEL ${report.source.model}`
      : 'SCRIPTED BEHAVIOUR MODELS';
  out.push(`plankeeper eval: guard effectiveness (${source}, lang ${report.lang})`);
  out.push(report.source.description);
  out.push('');
  out.push(
    table(
      ['failure mode', ...columns.map((column) => COLUMN_LABELS[column])],
      report.scenarios.map((scenario) => [
        scenario.failureMode,
        ...columns.map((column) => verdictCell(scenario, column)),
      ]),
    ),
  );
  out.push('');
  out.push(
    'off: plan tools only (no plan section, no echoed list, no reminder, no checks). Each other column adds one guard to off;',
    'leftover = the plan section as shipped, injection = the same section without leftover marking.',
    'caught: the failure shows with off and the outcome check passes in this column. missed: it still fails.',
    'ok / broke: the outcome passes with off, and passes / fails in this column.',
  );
  return out;
}

/** What each guard cost versus its baseline run; nothing when no column has a cost. */
function costLines(report: EvalReport): string[] {
  const costColumns = report.columns.filter((column) => COST_BASELINE[column] !== undefined);
  const present = costColumns.filter((column) => report.totals[column] != null);
  if (present.length === 0) return [];
  const out: string[] = [];
  out.push('');
  out.push('Cost: extra model calls / extra input tokens (o200k) versus the baseline run');
  out.push(
    `(baseline: ${present.map((column) => `${COLUMN_LABELS[column]} vs ${COLUMN_LABELS[COST_BASELINE[column] as GuardColumn]}`).join(', ')})`,
  );
  out.push(
    table(
      ['failure mode', ...present.map((column) => COLUMN_LABELS[column])],
      [
        ...report.scenarios.map((scenario) => [
          scenario.failureMode,
          ...present.map((column) => costCell(scenario.runs[column])),
        ]),
        [
          'total',
          ...present.map((column) => {
            const total = report.totals[column];
            return total ? `${signed(total.extraCalls)} / ${signed(total.extraInputTokens)}` : '';
          }),
        ],
      ],
    ),
  );
  out.push(
    'A guard that catches a failure makes the model do the work it skipped, so its extra calls include that work.',
  );
  return out;
}

/** What every run of one scenario's outcome check saw. */
function runLines(report: EvalReport, scenario: ScenarioReport): string[] {
  const out: string[] = [];
  out.push('');
  out.push(`${scenario.id}: ${scenario.failureMode}`);
  if (report.source.kind === 'behaviour-models') out.push(`  model: ${scenario.behaviour}`);
  out.push(`  check: ${scenario.check}`);
  const rows: [string, RunReport | undefined][] = [
    ...report.columns.map((column): [string, RunReport | undefined] => [
      COLUMN_LABELS[column],
      scenario.runs[column],
    ]),
    ...report.presets.map(({ discipline }): [string, RunReport | undefined] => [
      discipline,
      scenario.presets[discipline],
    ]),
  ];
  for (const [label, run] of rows) {
    if (!run) continue;
    const tokens =
      run.providerInputTokens === null
        ? `${run.inputTokens.toLocaleString('en-US')} tokens`
        : `${run.inputTokens.toLocaleString('en-US')} tokens (provider: ${run.providerInputTokens.toLocaleString('en-US')})`;
    out.push(
      `  ${label.padEnd(9)} ${run.passed ? 'PASS' : 'FAIL'}  ${run.detail} (${run.calls} calls, ${tokens})${run.error ? `; ended with: ${inFlagTerms(run.error)}` : ''}`,
    );
  }
  return out;
}

/** Each preset's catch rate beside what it costs a model that needs no help. */
function presetTable(report: EvalReport): string[] {
  const off = report.scenarios.find((scenario) => scenario.id === CONTROL_SCENARIO)?.runs.off;
  const lines = [
    'Presets (discipline: light | standard | strict): failure modes caught, and the overhead on the control',
    table(
      ['preset', 'caught', 'control: calls / tokens', 'control overhead', 'failure runs: extra'],
      [
        ...(off
          ? [
              [
                'off',
                '',
                `${off.calls} / ${off.inputTokens.toLocaleString('en-US')}`,
                '(baseline)',
                '',
              ],
            ]
          : []),
        ...report.presets.map((preset) => [
          preset.discipline,
          `${preset.caught}/${preset.failureModes}`,
          preset.control
            ? `${preset.control.calls} / ${preset.control.inputTokens.toLocaleString('en-US')}`
            : '',
          preset.control
            ? `${signed(preset.control.extraCalls)} calls, ${signed(preset.control.extraInputTokens)} tokens (${percent(preset.control.extraShare)})`
            : '',
          preset.failureTotals
            ? `${signed(preset.failureTotals.extraCalls)} / ${signed(preset.failureTotals.extraInputTokens)}`
            : '',
        ]),
      ],
    ),
    'caught: of the failure modes that show with off. control: the diligent model, which needs no help, so',
    'its overhead is what the preset costs a model that plans well. failure runs: extra calls / tokens versus off',
    'over the failure scenarios, the work a catch makes the model do included.',
  ];
  return lines;
}

function percent(share: number): string {
  const value = (share * 100).toFixed(1);
  return share > 0 ? `+${value}%` : `${value}%`;
}

function verdictCell(scenario: ScenarioReport, column: GuardColumn): string {
  const run = scenario.runs[column];
  if (!run) return '';
  if (column === 'off') return run.passed ? 'passes' : 'fails';
  const off = scenario.runs.off;
  if (!off) return run.passed ? 'passes' : 'fails';
  if (off.passed) return run.passed ? 'ok' : 'broke';
  return run.passed ? 'caught' : 'missed';
}

function costCell(run: RunReport | undefined): string {
  if (!run || run.extraCalls === null || run.extraInputTokens === null) return '';
  return `${signed(run.extraCalls)} / ${signed(run.extraInputTokens)}`;
}
