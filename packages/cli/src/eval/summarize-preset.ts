/** One preset's line of the report: the failure modes it caught and what it cost. */
import type { Discipline } from 'plankeeper';
import { CONTROL_SCENARIO, type PresetSummary, type ScenarioReport } from './eval-report.js';

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function summarizePreset(
  discipline: Discipline,
  reports: readonly ScenarioReport[],
): PresetSummary {
  const failing = reports.filter((report) => report.runs.off?.passed === false);
  const control = reports.find((report) => report.id === CONTROL_SCENARIO);
  const run = control?.presets[discipline];
  const off = control?.runs.off;
  return {
    discipline,
    caught: failing.filter((report) => report.presets[discipline]?.passed === true).length,
    failureModes: failing.length,
    failureTotals: failing.every((report) => report.presets[discipline]?.extraCalls != null)
      ? {
          extraCalls: sum(failing.map((report) => report.presets[discipline]?.extraCalls ?? 0)),
          extraInputTokens: sum(
            failing.map((report) => report.presets[discipline]?.extraInputTokens ?? 0),
          ),
        }
      : null,
    control:
      run && off
        ? {
            calls: run.calls,
            inputTokens: run.inputTokens,
            extraCalls: run.calls - off.calls,
            extraInputTokens: run.inputTokens - off.inputTokens,
            extraShare: (run.inputTokens - off.inputTokens) / off.inputTokens,
          }
        : null,
  };
}
