/**
 * Runs the scenario suite: every scenario under every guard column, each run a real
 * Agent session with a fresh environment, and reports which guard caught which failure
 * mode and what each guard cost in model calls and input tokens.
 *
 * @example
 * const report = await runEval({ locale: 'en' });
 * report.scenarios[0]?.caught.nudge; // true when the nudge alone fixed the outcome
 */

import type { Discipline, LocaleId, ModelClient } from 'plankeeper';
import { DISCIPLINES } from 'plankeeper/rules';
import { warnRenamed } from '../renamed-option.js';
import type { EvalReport, RunReport, ScenarioReport } from './eval-report.js';
import { COST_BASELINE, GUARD_COLUMNS, type GuardColumn, planningFor } from './guard-columns.js';
import { runScenario } from './run-scenario.js';
import type { Scenario } from './scenario.js';
import { selectScenarios } from './select-scenarios.js';
import { summarizeChecks } from './summarize-checks.js';
import { summarizePreset } from './summarize-preset.js';

export {
  CHECKS_CONTROL_SCENARIO,
  type ChecksSummary,
  CONTROL_SCENARIO,
  type EvalReport,
  type PresetSummary,
  type RunReport,
  type ScenarioReport,
} from './eval-report.js';
export { UnknownScenarioError } from './select-scenarios.js';

export interface EvalOptions {
  /** Language of everything the model sees. Default `en`. */
  locale?: LocaleId;
  /** @deprecated Renamed `locale` in 0.3. */
  lang?: LocaleId;
  /** A real model to run the scenarios' tasks with; scripted behaviour models when absent. */
  model?: ModelClient;
  /** Scenario ids to run; all when absent. */
  scenarios?: readonly string[];
  /**
   * Guard columns to run; all for behaviour models, `off`, `all` and `checks` for a real model
   * (`checks` runs only where the environment has the person's check command).
   */
  columns?: readonly GuardColumn[];
  /**
   * Discipline presets to run every scenario under as well; all three for behaviour models,
   * none for a real model (each preset is one more run of every scenario).
   */
  presets?: readonly Discipline[];
  /** Called after each run, for progress output. */
  onRun?: (scenario: Scenario, column: GuardColumn | Discipline, run: RunReport) => void;
}

export async function runEval(options: EvalOptions = {}): Promise<EvalReport> {
  if (options.lang !== undefined) warnRenamed('lang', 'locale');
  const lang = options.locale ?? options.lang ?? 'en';
  const scenarios = selectScenarios(options.scenarios);
  const columns = [
    ...(options.columns ?? (options.model ? (['off', 'all', 'checks'] as const) : GUARD_COLUMNS)),
  ];
  const presets = [...(options.presets ?? (options.model ? [] : DISCIPLINES))];
  const reports: ScenarioReport[] = [];
  for (const scenario of scenarios) {
    reports.push(await evalScenario(scenario, columns, presets, lang, options));
  }
  return {
    source: sourceOf(options.model),
    lang,
    columns,
    scenarios: reports,
    totals: totalsOf(columns, reports),
    presets: presets.map((discipline) => summarizePreset(discipline, reports)),
    checks: summarizeChecks(columns, reports),
  };
}

/** One scenario under every column and preset, with each run's cost against its baseline. */
async function evalScenario(
  scenario: Scenario,
  columns: readonly GuardColumn[],
  presets: readonly Discipline[],
  lang: LocaleId,
  options: EvalOptions,
): Promise<ScenarioReport> {
  const runs: Partial<Record<GuardColumn, RunReport>> = {};
  for (const column of columns) {
    // Checks before done need a real folder with the person's command.
    if (column === 'checks' && scenario.checkCommand === undefined) continue;
    const run = await runScenario(
      scenario,
      column,
      (check, verify) => planningFor(column, check, verify),
      lang,
      options.model,
    );
    runs[column] = run;
    options.onRun?.(scenario, column, run);
  }
  const presetRuns: Partial<Record<Discipline, RunReport>> = {};
  for (const discipline of presets) {
    const run = await runScenario(
      scenario,
      discipline,
      () => ({ discipline }),
      lang,
      options.model,
    );
    run.extraCalls = runs.off ? run.calls - runs.off.calls : null;
    run.extraInputTokens = runs.off ? run.inputTokens - runs.off.inputTokens : null;
    presetRuns[discipline] = run;
    options.onRun?.(scenario, discipline, run);
  }
  setCosts(runs, columns);
  return {
    id: scenario.id,
    failureMode: scenario.failureMode,
    behaviour: scenario.behaviour,
    check: scenario.check,
    runs,
    caught: caughtIn(runs, columns),
    presets: presetRuns,
  };
}

/** Each run's extra calls and input tokens versus its column's baseline run. */
function setCosts(runs: Partial<Record<GuardColumn, RunReport>>, columns: readonly GuardColumn[]) {
  for (const column of columns) {
    const run = runs[column];
    if (!run) continue;
    const baseline = COST_BASELINE[column];
    const base = baseline === undefined ? undefined : runs[baseline];
    run.extraCalls = base === undefined ? null : run.calls - base.calls;
    run.extraInputTokens = base === undefined ? null : run.inputTokens - base.inputTokens;
  }
}

function caughtIn(
  runs: Partial<Record<GuardColumn, RunReport>>,
  columns: readonly GuardColumn[],
): ScenarioReport['caught'] {
  const failsOff = runs.off === undefined ? undefined : !runs.off.passed;
  const caught: ScenarioReport['caught'] = {};
  for (const column of columns) {
    const run = runs[column];
    if (!run) continue;
    // Nothing to catch when the outcome passes with guards off (the control scenario).
    caught[column] = column === 'off' || failsOff !== true ? null : run.passed;
  }
  return caught;
}

function totalsOf(
  columns: readonly GuardColumn[],
  reports: readonly ScenarioReport[],
): EvalReport['totals'] {
  const totals: EvalReport['totals'] = {};
  for (const column of columns) {
    // Over the scenarios the column ran in (checks only where there is a check command).
    const extras = reports.flatMap((report) => report.runs[column] ?? []);
    totals[column] =
      extras.length > 0 && extras.every((run) => run.extraCalls != null)
        ? {
            extraCalls: extras.reduce((sum, run) => sum + (run.extraCalls ?? 0), 0),
            extraInputTokens: extras.reduce((sum, run) => sum + (run.extraInputTokens ?? 0), 0),
          }
        : null;
  }
  return totals;
}

function sourceOf(model: ModelClient | undefined): EvalReport['source'] {
  return model
    ? {
        kind: 'real-model',
        model: model.name,
        description: `Results from the real model ${model.name} on the scenarios' tasks; no scripted behaviour.`,
      }
    : {
        kind: 'behaviour-models',
        description:
          'Results from scripted behaviour models (deterministic stand-ins, one failure mode each) run through the real harness; not from a real model.',
      };
}
