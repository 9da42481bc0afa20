/**
 * The checks-before-done part of the eval report: per arm, the failures a refused answer
 * turned into a passing check, and what the arm cost the control with a check in model
 * calls, check runs per turn, refusals and wall time.
 */
import type { ChecksSummary, EvalReport } from './eval-report.js';
import { COLUMN_LABELS, COST_BASELINE } from './guard-columns.js';
import { signed, table } from './report-table.js';

export function checksTable(report: EvalReport): string[] {
  return [
    "Checks before done: the person's check command, run when the model answers after the folder changed",
    table(
      [
        'arm',
        'caught',
        'refusals',
        'control: calls',
        'check runs per turn',
        'refused',
        'wall time',
      ],
      report.checks.map((arm) => [
        COLUMN_LABELS[arm.column],
        `${arm.caught}/${arm.failureModes}`,
        String(arm.refusals),
        ...controlCells(arm),
      ]),
    ),
    'caught: of the failure modes in a folder with a check, those where the check refused an answer and the',
    'run ended with the check passing; refusals: answers it refused there. control: the diligent model with a',
    'check (turns: two files written, a question, a line added); in brackets, versus the baseline run',
    `(${report.checks.flatMap((arm) => baselineOf(arm)).join(', ')}).`,
  ];
}

function controlCells(arm: ChecksSummary): string[] {
  const control = arm.control;
  if (!control) return ['', '', '', ''];
  const calls =
    control.extraCalls === null
      ? `${control.calls}`
      : `${control.calls} (${signed(control.extraCalls)})`;
  const wall =
    control.extraWallMs === null
      ? `${control.wallMs.toLocaleString('en-US')} ms`
      : `${control.wallMs.toLocaleString('en-US')} ms (${signed(control.extraWallMs)} ms)`;
  return [
    `${calls}${control.passed ? '' : ' FAIL'}`,
    control.runs.join(', '),
    String(control.refusals),
    wall,
  ];
}

function baselineOf(arm: ChecksSummary): string[] {
  const baseline = COST_BASELINE[arm.column];
  return baseline === undefined
    ? []
    : [`${COLUMN_LABELS[arm.column]} vs ${COLUMN_LABELS[baseline]}`];
}
