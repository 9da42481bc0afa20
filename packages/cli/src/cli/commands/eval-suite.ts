/**
 * `plankeeper eval --suite DIR`: the person's own tasks on their own model, arm against arm.
 * Progress goes to stderr, one line per finished run; the table or the JSON to stdout. Ctrl-C
 * starts no new run, stops the ones under way and reports what finished, marked partial.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ConfigurationError, type LocaleId } from 'plankeeper';
import { executorFor } from '../../eval/suite/executor-for.js';
import {
  formatProgressLine,
  formatRetryLine,
  formatSuiteReport,
} from '../../eval/suite/format-suite-report.js';
import { type LoadedSuite, loadSuite } from '../../eval/suite/load-suite.js';
import { OWN_LOOP_SYSTEM } from '../../eval/suite/own-loop-texts.js';
import { planRuns, runSuite } from '../../eval/suite/run-suite.js';
import { SuiteError } from '../../eval/suite/suite-error.js';
import { suiteHtml } from '../../eval/suite/suite-html.js';
import type { SuiteRunRecord } from '../../eval/suite/suite-record.js';
import {
  buildSuiteReport,
  type SuiteMeta,
  type SuiteReport,
} from '../../eval/suite/suite-report.js';
import { readResume, writeReportFile } from '../../eval/suite/suite-resume.js';
import { SUITE_TEXTS } from '../../eval/suite/suite-texts.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import {
  parseSuiteSettings,
  type SuiteFlagValues,
  type SuiteSettings,
} from './eval-suite-flags.js';

export interface EvalSuiteFlags extends SuiteFlagValues {
  suite: string;
  json?: boolean;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
}

/** The first wait before a retried run; it doubles each time. */
const RETRY_BASE_MS = 2000;
/** Time a task's check may take. */
const CHECK_TIMEOUT_MS = 300_000;
/** Time one run may take before it counts as an error. */
const RUN_TIMEOUT_MS = 30 * 60_000;
/** What the shell reports for a command ended by Ctrl-C. */
const INTERRUPTED = 130;

export async function runEvalSuiteCommand(flags: EvalSuiteFlags, lang: LocaleId): Promise<number> {
  const settings = parseSuiteSettings(flags);
  const suite = usageOnSuiteError(() => loadSuite(flags.suite, lang));
  const executor = await usageOnSuiteErrorAsync(() => executorFor(flags, lang));
  const meta = metaOf(flags, suite, settings, lang, executor.agentVersion);
  const resumed =
    flags.resume === undefined
      ? undefined
      : usageOnSuiteError(() => readResume(flags.resume as string, meta));
  if (resumed) meta.startedAt = resumed.startedAt;
  const outFile = flags.out ?? flags.resume;
  const checks = new Map(suite.tasks.map((task) => [task.id, task.checkCommand]));
  const planned = planRuns(suite, settings.arms, settings.reps).length;
  const report = (records: readonly SuiteRunRecord[], finishedAt: string | null): SuiteReport =>
    buildSuiteReport({ meta: { ...meta, finishedAt }, checks, records, planned });
  const sofar = [...(resumed?.runs ?? [])];
  const stop = new AbortController();
  const onSignal = () => {
    if (!stop.signal.aborted) process.stderr.write(`${SUITE_TEXTS[lang].stopping}\n`);
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let records: SuiteRunRecord[];
  try {
    records = await runSuite({
      suite,
      arms: settings.arms,
      reps: settings.reps,
      locale: lang,
      executor: executor.run,
      concurrency: settings.concurrency,
      retries: settings.retries,
      retryBaseMs: RETRY_BASE_MS,
      checkTimeoutMs: CHECK_TIMEOUT_MS,
      runTimeoutMs: RUN_TIMEOUT_MS,
      finished: sofar,
      signal: stop.signal,
      onRetry: (record, waitMs) => {
        process.stderr.write(`${formatRetryLine(record, waitMs, settings.retries, lang)}\n`);
      },
      onRecord: (record, done, total) => {
        process.stderr.write(`${formatProgressLine(record, done, total, lang)}\n`);
        sofar.push(record);
        if (outFile !== undefined) writeReportFile(outFile, report(sofar, null));
      },
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await executor.close();
  }
  const final = report(records, new Date().toISOString());
  if (outFile !== undefined) writeReportFile(outFile, final);
  if (flags.html !== undefined) writeFileSync(flags.html, suiteHtml(final, lang));
  process.stdout.write(
    flags.json ? `${JSON.stringify(final, null, 2)}\n` : `${formatSuiteReport(final, lang)}\n`,
  );
  return stop.signal.aborted ? INTERRUPTED : EXIT.ok;
}

function metaOf(
  flags: EvalSuiteFlags,
  suite: LoadedSuite,
  settings: SuiteSettings,
  lang: LocaleId,
  agentVersion: string | null,
): SuiteMeta {
  return {
    plankeeperVersion: packageVersion(),
    nodeVersion: process.version,
    model: flags.model ?? '',
    agent: flags.agent ?? null,
    agentVersion,
    baseUrlHost: flags.baseUrl === undefined ? null : new URL(flags.baseUrl).host,
    suite: suite.dir,
    lang,
    armNames: settings.arms,
    reps: settings.reps,
    order: 'rep, task, arm',
    prices: settings.prices,
    systemPrompt: flags.agent === undefined ? OWN_LOOP_SYSTEM[lang] : null,
    prompts: suite.tasks.map((task) => ({
      task: task.id,
      file: task.promptFile,
      sha256: task.promptSha256,
      text: task.prompt,
    })),
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
}

function packageVersion(): string {
  const url = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

function usageOnSuiteError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (SuiteError.isInstance(error)) throw new CliError(error.message, EXIT.usage);
    if (ConfigurationError.isInstance(error)) throw new CliError(error.message, EXIT.config);
    throw error;
  }
}

async function usageOnSuiteErrorAsync<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (SuiteError.isInstance(error)) throw new CliError(error.message, EXIT.usage);
    if (ConfigurationError.isInstance(error)) throw new CliError(error.message, EXIT.config);
    throw error;
  }
}
