/**
 * Runs the scenario suite: every scenario under every guard column, each run a real
 * Agent session with a fresh environment, and reports which guard caught which failure
 * mode and what each guard cost in model calls and input tokens.
 *
 * @example
 * const report = await runEval({ locale: 'en' });
 * report.scenarios[0]?.caught.nudge; // true when the nudge alone fixed the outcome
 */

import type {
  Discipline,
  LocaleId,
  ModelClient,
  ModelRequest,
  ModelResponse,
  PlanningOptions,
  RunResult,
} from 'plankeeper';
import { Agent, getLocale, PlankeeperError } from 'plankeeper';
import { DISCIPLINES } from 'plankeeper/harness';
import { warnRenamed } from '../renamed-option.js';
import {
  COST_BASELINE,
  type EnvironmentCheck,
  GUARD_COLUMNS,
  type GuardColumn,
  planningFor,
} from './guard-columns.js';
import { measureCalls } from './prompt-metrics.js';
import type { Scenario } from './scenario.js';
import { SCENARIOS } from './scenarios/index.js';

export interface EvalOptions {
  /** Language of everything the model sees. Default `en`. */
  locale?: LocaleId;
  /** @deprecated Renamed `locale` in 0.3. */
  lang?: LocaleId;
  /** A real model to run the scenarios' tasks with; scripted behaviour models when absent. */
  model?: ModelClient;
  /** Scenario ids to run; all when absent. */
  scenarios?: readonly string[];
  /** Guard columns to run; all for behaviour models, `off` and `all` for a real model. */
  columns?: readonly GuardColumn[];
  /**
   * Discipline presets to run every scenario under as well; all three for behaviour models,
   * none for a real model (each preset is one more run of every scenario).
   */
  presets?: readonly Discipline[];
  /** Called after each run, for progress output. */
  onRun?: (scenario: Scenario, column: GuardColumn | Discipline, run: RunReport) => void;
}

export interface RunReport {
  passed: boolean;
  detail: string;
  /** Model calls over all turns. */
  calls: number;
  /** o200k tokens of every call's messages, summed. */
  inputTokens: number;
  /** Input tokens the provider reported, when it did (real models). */
  providerInputTokens: number | null;
  /** The last turn's answer, or null when it ended in an error. */
  answer: string | null;
  error: string | null;
  /** Versus the column's baseline run (see COST_BASELINE); null for `off`. */
  extraCalls: number | null;
  extraInputTokens: number | null;
}

export interface ScenarioReport {
  id: string;
  failureMode: string;
  behaviour: string;
  check: string;
  runs: Partial<Record<GuardColumn, RunReport>>;
  /**
   * Column → whether this column's outcome passes although it fails with guards off;
   * null for `off`, and for every column when nothing fails with guards off.
   */
  caught: Partial<Record<GuardColumn, boolean | null>>;
  /** One run per discipline preset; extra calls and tokens versus `off`. */
  presets: Partial<Record<Discipline, RunReport>>;
}

/** What one discipline preset does over the whole suite. */
export interface PresetSummary {
  discipline: Discipline;
  /** Failure modes (scenarios that fail with guards off) whose outcome passes under the preset. */
  caught: number;
  failureModes: number;
  /** Extra calls and input tokens versus `off`, summed over the failure scenarios (the work a catch adds included). */
  failureTotals: { extraCalls: number; extraInputTokens: number } | null;
  /** The control (diligent) scenario under the preset, when it ran with `off`. */
  control: {
    calls: number;
    inputTokens: number;
    extraCalls: number;
    extraInputTokens: number;
    /** extraInputTokens / the control's input tokens with guards off. */
    extraShare: number;
  } | null;
}

export interface EvalReport {
  /** Where the model's behaviour came from. */
  source:
    | { kind: 'behaviour-models'; description: string }
    | { kind: 'real-model'; model: string; description: string };
  lang: LocaleId;
  columns: GuardColumn[];
  scenarios: ScenarioReport[];
  /** Per column: extra calls and input tokens summed over scenarios (null for `off`). */
  totals: Partial<Record<GuardColumn, { extraCalls: number; extraInputTokens: number } | null>>;
  presets: PresetSummary[];
}

/** The scenario that fails in no column: its extra cost is pure overhead. */
export const CONTROL_SCENARIO = 'diligent';

export async function runEval(options: EvalOptions = {}): Promise<EvalReport> {
  if (options.lang !== undefined) warnRenamed('lang', 'locale');
  const lang = options.locale ?? options.lang ?? 'en';
  const scenarios = selectScenarios(options.scenarios);
  const columns = [
    ...(options.columns ?? (options.model ? (['off', 'all'] as const) : GUARD_COLUMNS)),
  ];
  const presets = [...(options.presets ?? (options.model ? [] : DISCIPLINES))];
  const reports: ScenarioReport[] = [];
  for (const scenario of scenarios) {
    const runs: Partial<Record<GuardColumn, RunReport>> = {};
    for (const column of columns) {
      const run = await runScenario(
        scenario,
        column,
        (check) => planningFor(column, check),
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
    for (const column of columns) {
      const run = runs[column] as RunReport;
      const baseline = COST_BASELINE[column];
      const base = baseline === undefined ? undefined : runs[baseline];
      run.extraCalls = base === undefined ? null : run.calls - base.calls;
      run.extraInputTokens = base === undefined ? null : run.inputTokens - base.inputTokens;
    }
    const failsOff = runs.off === undefined ? undefined : !runs.off.passed;
    const caught: ScenarioReport['caught'] = {};
    for (const column of columns) {
      const run = runs[column] as RunReport;
      // Nothing to catch when the outcome passes with guards off (the control scenario).
      caught[column] = column === 'off' || failsOff !== true ? null : run.passed;
    }
    reports.push({
      id: scenario.id,
      failureMode: scenario.failureMode,
      behaviour: scenario.behaviour,
      check: scenario.check,
      runs,
      caught,
      presets: presetRuns,
    });
  }
  const totals: EvalReport['totals'] = {};
  for (const column of columns) {
    const extras = reports.map((report) => report.runs[column]);
    totals[column] = extras.every((run) => run?.extraCalls != null)
      ? {
          extraCalls: extras.reduce((sum, run) => sum + (run?.extraCalls ?? 0), 0),
          extraInputTokens: extras.reduce((sum, run) => sum + (run?.extraInputTokens ?? 0), 0),
        }
      : null;
  }
  return {
    source: options.model
      ? {
          kind: 'real-model',
          model: options.model.name,
          description: `Results from the real model ${options.model.name} on the scenarios' tasks; no scripted behaviour.`,
        }
      : {
          kind: 'behaviour-models',
          description:
            'Results from scripted behaviour models (deterministic stand-ins, one failure mode each) run through the real harness; not from a real model.',
        },
    lang,
    columns,
    scenarios: reports,
    totals,
    presets: presets.map((discipline) => summarizePreset(discipline, reports)),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function summarizePreset(
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

function selectScenarios(ids: readonly string[] | undefined): Scenario[] {
  if (ids === undefined || ids.length === 0) return [...SCENARIOS];
  return ids.map((id) => {
    const scenario = SCENARIOS.find((candidate) => candidate.id === id);
    if (!scenario) throw new UnknownScenarioError(id);
    return scenario;
  });
}

const unknownScenarioErrorMarker = Symbol.for('plankeeper.error.UnknownScenarioError');

/** A scenario id that is not in the suite. */
export class UnknownScenarioError extends PlankeeperError {
  readonly [unknownScenarioErrorMarker] = true;

  constructor(id: string) {
    super(
      `There is no scenario "${id}". Scenarios: ${SCENARIOS.map((scenario) => scenario.id).join(', ')}.`,
    );
    this.name = 'UnknownScenarioError';
  }

  static override isInstance(value: unknown): value is UnknownScenarioError {
    return PlankeeperError.hasMarker(value, unknownScenarioErrorMarker);
  }
}

async function runScenario(
  scenario: Scenario,
  label: string,
  /** The planning options, given the scenario's own check (for the verifier column). */
  planning: (check: EnvironmentCheck | undefined) => PlanningOptions,
  lang: LocaleId,
  realModel: ModelClient | undefined,
): Promise<RunReport> {
  const prepared = scenario.prepare(lang);
  const model = new FailureRecordingModel(realModel ?? prepared.behaviourModel());
  const agent = new Agent({
    name: 'eval',
    model,
    system: scenario.system(lang),
    tools: prepared.tools,
    planning: planning(prepared.check),
    maxSteps: scenario.maxSteps,
    locale: lang,
  });
  const session = agent.session(`${scenario.id}-${label}`);
  const results: RunResult[] = [];
  for (const [index, task] of scenario.turns(lang).entries()) {
    prepared.beginTurn(index + 1);
    const result = await session.send(task);
    // A provider failure says nothing about the guards: stop rather than score it.
    if (model.failure !== undefined) throw model.failure;
    results.push(result);
  }
  const outcome = prepared.outcome(results);
  const metrics = measureCalls(
    results.flatMap((result) => result.calls),
    getLocale(lang),
  );
  const providerTokens = results.reduce((sum, result) => sum + result.usage.inputTokens, 0);
  const last = results.at(-1);
  return {
    passed: outcome.passed,
    detail: outcome.detail,
    calls: metrics.calls,
    inputTokens: metrics.inputTokens,
    providerInputTokens: providerTokens > 0 ? providerTokens : null,
    answer: last?.answer ?? null,
    error: results.find((result) => result.error !== null)?.error ?? null,
    extraCalls: null,
    extraInputTokens: null,
  };
}

/** Passes calls through and keeps the first error the model client threw. */
class FailureRecordingModel implements ModelClient {
  failure: unknown;

  constructor(private readonly inner: ModelClient) {}

  get name(): string {
    return this.inner.name;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    try {
      return await this.inner.generate(request);
    } catch (error) {
      this.failure ??= error;
      throw error;
    }
  }
}
