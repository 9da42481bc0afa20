/** What `runEval` reports: per scenario, per guard column and per preset, outcome and cost. */
import type { Discipline, LocaleId } from 'plankeeper';
import type { GuardColumn } from './guard-columns.js';

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
  /** Wall time of all turns, model calls and check runs included. */
  wallMs: number;
  /**
   * The person's check command, where the environment is a real folder that has one: its
   * runs per user turn (counted by the command itself), the answers it refused, and the
   * notices the person got (an answer let through while it still failed). Null elsewhere.
   */
  checks: { runs: number[]; refusals: number; notices: number } | null;
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

/** What one arm does over the scenarios whose environment has the person's check command. */
export interface ChecksSummary {
  column: GuardColumn;
  /** Failure scenarios where an answer was refused by the check and the run ended with it passing. */
  caught: number;
  failureModes: number;
  /** Answers refused by the check over those failure runs. */
  refusals: number;
  /** The control with a check (CHECKS_CONTROL_SCENARIO) under this arm; cost versus the arm's baseline run. */
  control: {
    passed: boolean;
    calls: number;
    extraCalls: number | null;
    /** Runs of the check per user turn. */
    runs: number[];
    refusals: number;
    wallMs: number;
    extraWallMs: number | null;
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
  /** Per arm that ran a scenario with the person's check command: checks before done. */
  checks: ChecksSummary[];
}

/** The scenario that fails in no column: its extra cost is pure overhead. */
export const CONTROL_SCENARIO = 'diligent';

/** The control in a real folder with the person's check: what checks before done cost. */
export const CHECKS_CONTROL_SCENARIO = 'diligent-with-check';
