/**
 * One arm's line of the checks-before-done table: over the scenarios whose environment is a
 * real folder with the person's check, how many failures a refused answer turned into a
 * passing check, and what the arm cost the control (a model that does the work right).
 */
import {
  CHECKS_CONTROL_SCENARIO,
  type ChecksSummary,
  type RunReport,
  type ScenarioReport,
} from './eval-report.js';
import { COST_BASELINE, type GuardColumn } from './guard-columns.js';

export function summarizeChecks(
  columns: readonly GuardColumn[],
  reports: readonly ScenarioReport[],
): ChecksSummary[] {
  const checked = reports.filter((report) => report.runs.off?.checks != null);
  const failing = checked.filter((report) => report.runs.off?.passed === false);
  const control = checked.find((report) => report.id === CHECKS_CONTROL_SCENARIO);
  return columns
    .filter((column) => checked.some((report) => report.runs[column]?.checks != null))
    .map((column) => {
      const runs = failing.flatMap((report) => report.runs[column] ?? []);
      return {
        column,
        // Caught by the check: an answer was refused for it, and the run ended with it passing.
        caught: runs.filter((run) => run.passed && (run.checks?.refusals ?? 0) > 0).length,
        failureModes: failing.length,
        refusals: runs.reduce((sum, run) => sum + (run.checks?.refusals ?? 0), 0),
        control: controlCost(control, column),
      };
    });
}

function controlCost(
  control: ScenarioReport | undefined,
  column: GuardColumn,
): ChecksSummary['control'] {
  const run = control?.runs[column];
  if (!run?.checks) return null;
  const baselineColumn = COST_BASELINE[column];
  const baseline: RunReport | undefined =
    baselineColumn === undefined ? undefined : control?.runs[baselineColumn];
  return {
    passed: run.passed,
    calls: run.calls,
    extraCalls: run.extraCalls,
    runs: run.checks.runs,
    refusals: run.checks.refusals,
    wallMs: run.wallMs,
    extraWallMs: baseline === undefined ? null : run.wallMs - baseline.wallMs,
  };
}
