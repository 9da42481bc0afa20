/**
 * Runs every (task, arm, rep) of a suite: each in a fresh workspace with the task's files,
 * through the executor, then the task's check. Runs go rep by rep, task by task, every arm
 * of a task side by side, so a provider that drifts over the hours hurts every arm alike.
 * Stopping (the signal) starts no new run; runs cut short are left out, not scored.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocaleId } from 'plankeeper';
import type { LoadedSuite, SuiteTask } from './load-suite.js';
import { backoffMs, sleep } from './retry.js';
import { runCheck } from './run-check.js';
import type { RunExecutor, SuiteRunOutcome } from './run-executor.js';
import { runKey, type SuiteRunRecord } from './suite-record.js';

export interface RunSuiteOptions {
  suite: LoadedSuite;
  arms: readonly string[];
  reps: number;
  locale: LocaleId;
  executor: RunExecutor;
  concurrency: number;
  /** Retries of a run after a retryable error. */
  retries: number;
  /** The first wait before a retry; it doubles each time. */
  retryBaseMs: number;
  /** Time a task's check may take. */
  checkTimeoutMs: number;
  /** Time one run (the agent's work, before the check) may take before it is an error. */
  runTimeoutMs: number;
  /** Runs finished earlier (`--resume`): not run again. */
  finished?: readonly SuiteRunRecord[];
  signal: AbortSignal;
  onRecord?: (record: SuiteRunRecord, done: number, total: number) => void;
  /** A run erred in a way waiting may cure and is tried again after `waitMs`. */
  onRetry?: (record: SuiteRunRecord, waitMs: number) => void;
}

interface PlannedRun {
  task: SuiteTask;
  arm: string;
  rep: number;
}

/** Every run in the order it starts. */
export function planRuns(suite: LoadedSuite, arms: readonly string[], reps: number): PlannedRun[] {
  const runs: PlannedRun[] = [];
  for (let rep = 1; rep <= reps; rep += 1) {
    for (const task of suite.tasks) for (const arm of arms) runs.push({ task, arm, rep });
  }
  return runs;
}

/** The records of the runs that finished, earlier ones first, in plan order. */
export async function runSuite(options: RunSuiteOptions): Promise<SuiteRunRecord[]> {
  const plan = planRuns(options.suite, options.arms, options.reps);
  const done = new Map((options.finished ?? []).map((record) => [runKey(record), record]));
  const queue = plan.filter((run) => !done.has(runKey({ ...run, task: run.task.id })));
  let finished = plan.length - queue.length;
  const endpoint = { down: false };
  const worker = async () => {
    for (let run = queue.shift(); run; run = queue.shift()) {
      if (options.signal.aborted) return;
      const record = await runWithRetries(run, options, endpoint);
      if (record === undefined) return;
      done.set(runKey(record), record);
      finished += 1;
      options.onRecord?.(record, finished, plan.length);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, queue.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return plan.flatMap((run) => done.get(runKey({ ...run, task: run.task.id })) ?? []);
}

/**
 * undefined when the suite was stopped before the run could finish. Once a run has used up its
 * retries on an error waiting may cure, the endpoint counts as down: later runs that meet such
 * an error are not retried until a run gets through, so a dead endpoint fails the suite in
 * seconds, not in retries × runs.
 */
async function runWithRetries(
  run: PlannedRun,
  options: RunSuiteOptions,
  endpoint: { down: boolean },
): Promise<SuiteRunRecord | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const record = await runOnce(run, attempt, options);
    if (options.signal.aborted) return undefined;
    const waitable = record.status === 'error' && record.retryable === true;
    const { retryable: _, ...kept } = record;
    if (!waitable || attempt > options.retries || endpoint.down) {
      if (record.status !== 'error') endpoint.down = false;
      else if (waitable) endpoint.down = true;
      return kept;
    }
    const waitMs = backoffMs(attempt, options.retryBaseMs);
    options.onRetry?.(kept, waitMs);
    await sleep(waitMs, options.signal);
  }
}

async function runOnce(
  run: PlannedRun,
  attempt: number,
  options: RunSuiteOptions,
): Promise<SuiteRunRecord & { retryable?: boolean }> {
  const workspace = mkdtempSync(join(tmpdir(), 'plankeeper-eval-'));
  const started = performance.now();
  try {
    if (run.task.filesDir) cpSync(run.task.filesDir, workspace, { recursive: true });
    const outcome = await executeInTime(run, workspace, options);
    const base = {
      task: run.task.id,
      arm: run.arm,
      rep: run.rep,
      attempts: attempt,
      modelCalls: outcome.modelCalls,
      inputTokens: outcome.inputTokens,
      outputTokens: outcome.outputTokens,
      ...(outcome.transcriptFile !== undefined && { transcriptFile: outcome.transcriptFile }),
    };
    const wall = () => Math.round(performance.now() - started);
    if (outcome.error !== undefined) {
      const retryable = outcome.retryable === true;
      return { ...base, status: 'error', error: outcome.error, retryable, wallMs: wall() };
    }
    const check = await runCheck(
      run.task.runnableCheck,
      workspace,
      options.checkTimeoutMs,
      options.signal,
    );
    if ('error' in check) return { ...base, status: 'error', error: check.error, wallMs: wall() };
    return {
      ...base,
      status: check.passed ? 'passed' : 'failed',
      checkExitCode: check.exitCode,
      ...(!check.passed && check.output !== '' && { checkOutput: check.output }),
      wallMs: wall(),
    };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

/**
 * The run under its own signal, stopped by the suite's or by its time running out: what a run
 * hangs on that signal goes with it, instead of piling up on the suite's for hours.
 */
async function executeInTime(
  run: PlannedRun,
  workspace: string,
  options: RunSuiteOptions,
): Promise<SuiteRunOutcome> {
  const own = new AbortController();
  const stop = () => own.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(stop, options.runTimeoutMs);
  try {
    const outcome = await execute(run, workspace, options, own.signal);
    if (own.signal.aborted && !options.signal.aborted) {
      const error = `run timed out after ${Math.round(options.runTimeoutMs / 1000)} s`;
      return { ...outcome, error, retryable: false };
    }
    return outcome;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
  }
}

async function execute(
  run: PlannedRun,
  workspace: string,
  options: RunSuiteOptions,
  signal: AbortSignal,
): Promise<SuiteRunOutcome> {
  try {
    return await options.executor({
      taskId: run.task.id,
      workspace,
      prompt: run.task.prompt,
      arm: run.arm,
      checkCommand: run.task.runnableCheck,
      locale: options.locale,
      signal,
    });
  } catch (error) {
    // An executor that throws broke, not the model: an error, never a score.
    const message = error instanceof Error ? error.message : String(error);
    return { error: message, modelCalls: 0, inputTokens: 0, outputTokens: 0 };
  }
}
