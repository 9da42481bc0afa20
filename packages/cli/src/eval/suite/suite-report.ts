/**
 * The suite report: per arm, per pair of arms, per task, and what it takes to reproduce the
 * run. The names of the first three are a contract (`--json` readers depend on them). Only a
 * check's verdict counts as success: plan size and ticks appear nowhere here.
 */
import { type Interval, signTestPValue, wilsonInterval } from './statistics.js';
import type { SuiteRunRecord } from './suite-record.js';

export interface ArmSummary {
  arm: string;
  runs: number;
  passed: number;
  failed: number;
  errors: number;
  /** passed / (runs − errors); null when no run was scored. */
  passRate: number | null;
  /** The 95% Wilson interval of the pass rate. */
  interval: Interval | null;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  wallMs: number;
  /** In the currency of --price-in/--price-out; null without prices. */
  cost: number | null;
}

/** `a` against `b` over the (task, rep) pairs both ran without error. */
export interface ArmComparison {
  a: string;
  b: string;
  pairs: number;
  /** a passed, b failed. */
  wins: number;
  losses: number;
  ties: number;
  /** Exact two-sided sign test. */
  pValue: number;
  /** pValue < 0.05. */
  significant: boolean;
}

export interface TaskResult {
  task: string;
  promptFile: string;
  promptSha256: string;
  check: string;
  /** Per arm, the runs in rep order. */
  results: Record<string, Array<Omit<SuiteRunRecord, 'task' | 'arm'>>>;
}

export interface SuiteMeta {
  plankeeperVersion: string;
  /** The Node.js that ran the loop and, with it, the checks' `node`. */
  nodeVersion: string;
  /** `--model`, or the coding agent's name and model. */
  model: string;
  agent: string | null;
  /** The coding agent's CLI version (`<cli> --version`), with --agent. */
  agentVersion: string | null;
  baseUrlHost: string | null;
  suite: string;
  lang: string;
  /** The arms in `--arms` order. */
  armNames: string[];
  reps: number;
  /** How runs were ordered: rep by rep, task by task, every arm of a task together. */
  order: 'rep, task, arm';
  prices: { inPerMillion: number; outPerMillion: number } | null;
  prompts: Array<{ task: string; file: string; sha256: string; text: string }>;
  /** What the own loop's model is told besides the task; null with --agent, which brings its own. */
  systemPrompt: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface SuiteReport extends SuiteMeta {
  /** Stopped before every run finished. */
  partial: boolean;
  arms: ArmSummary[];
  comparisons: ArmComparison[];
  tasks: TaskResult[];
  /** Every finished run, flat: what `--resume` reads. */
  runs: SuiteRunRecord[];
}

export interface ReportInput {
  meta: SuiteMeta;
  checks: ReadonlyMap<string, string>;
  records: readonly SuiteRunRecord[];
  planned: number;
}

export function buildSuiteReport(input: ReportInput): SuiteReport {
  const { meta, records } = input;
  return {
    ...meta,
    partial: records.length < input.planned,
    arms: meta.armNames.map((arm) => summarizeArm(arm, records, meta.prices)),
    comparisons: comparisonsOf(meta.armNames, records),
    tasks: meta.prompts.map((prompt) => taskResult(prompt, input.checks, meta.armNames, records)),
    runs: [...records],
  };
}

function summarizeArm(
  arm: string,
  records: readonly SuiteRunRecord[],
  prices: SuiteMeta['prices'],
): ArmSummary {
  const mine = records.filter((record) => record.arm === arm);
  const count = (status: SuiteRunRecord['status']) =>
    mine.filter((record) => record.status === status).length;
  const sum = (field: 'modelCalls' | 'inputTokens' | 'outputTokens' | 'wallMs') =>
    mine.reduce((total, record) => total + record[field], 0);
  const passed = count('passed');
  const errors = count('error');
  const scored = mine.length - errors;
  const inputTokens = sum('inputTokens');
  const outputTokens = sum('outputTokens');
  return {
    arm,
    runs: mine.length,
    passed,
    failed: count('failed'),
    errors,
    passRate: scored > 0 ? passed / scored : null,
    interval: wilsonInterval(passed, scored),
    modelCalls: sum('modelCalls'),
    inputTokens,
    outputTokens,
    wallMs: sum('wallMs'),
    cost: prices
      ? (inputTokens * prices.inPerMillion + outputTokens * prices.outPerMillion) / 1_000_000
      : null,
  };
}

/** Every pair of arms, the later one in `--arms` as `a`: "standard against off". */
function comparisonsOf(arms: readonly string[], records: readonly SuiteRunRecord[]) {
  const comparisons: ArmComparison[] = [];
  for (let later = 1; later < arms.length; later += 1) {
    for (let earlier = 0; earlier < later; earlier += 1) {
      comparisons.push(compare(arms[later] as string, arms[earlier] as string, records));
    }
  }
  return comparisons;
}

function compare(a: string, b: string, records: readonly SuiteRunRecord[]): ArmComparison {
  const scored = new Map<string, boolean>();
  for (const record of records) {
    if (record.arm !== b || record.status === 'error') continue;
    scored.set(`${record.task}\u0000${record.rep}`, record.status === 'passed');
  }
  let wins = 0;
  let losses = 0;
  let ties = 0;
  for (const record of records) {
    if (record.arm !== a || record.status === 'error') continue;
    const other = scored.get(`${record.task}\u0000${record.rep}`);
    if (other === undefined) continue;
    const mine = record.status === 'passed';
    if (mine === other) ties += 1;
    else if (mine) wins += 1;
    else losses += 1;
  }
  const pValue = signTestPValue(wins, losses);
  return {
    a,
    b,
    pairs: wins + losses + ties,
    wins,
    losses,
    ties,
    pValue,
    significant: pValue < 0.05,
  };
}

function taskResult(
  prompt: SuiteMeta['prompts'][number],
  checks: ReadonlyMap<string, string>,
  arms: readonly string[],
  records: readonly SuiteRunRecord[],
): TaskResult {
  const results: TaskResult['results'] = {};
  for (const arm of arms) {
    results[arm] = records
      .filter((record) => record.task === prompt.task && record.arm === arm)
      .map(({ task: _task, arm: _arm, ...run }) => run);
  }
  return {
    task: prompt.task,
    promptFile: prompt.file,
    promptSha256: prompt.sha256,
    check: checks.get(prompt.task) ?? '',
    results,
  };
}
