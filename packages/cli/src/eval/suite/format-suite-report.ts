/** The suite report as a person reads it in a terminal, and one progress line per finished run. */
import type { LocaleId } from 'plankeeper';
import type { SuiteRunRecord } from './suite-record.js';
import type { ArmComparison, ArmSummary, SuiteReport } from './suite-report.js';
import { SUITE_TEXTS } from './suite-texts.js';
import { wideTable } from './wide-table.js';

const count = (value: number) => value.toLocaleString('en-US');
const percent = (value: number) => `${Math.round(value * 100)}%`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** `[3/12] fix-typo · standard · rep 1: pass (5 calls, 1,234 in / 210 out tokens, 2.1 s)` */
export function formatProgressLine(
  record: SuiteRunRecord,
  done: number,
  total: number,
  lang: LocaleId,
): string {
  const texts = SUITE_TEXTS[lang];
  const head = `[${done}/${total}] ${record.task} · ${record.arm} · ${texts.rep(record.rep)}: ${texts.status[record.status]}`;
  const usage = texts.usage(
    count(record.modelCalls),
    count(record.inputTokens),
    count(record.outputTokens),
    seconds(record.wallMs),
  );
  const error = record.error === undefined ? '' : `: ${record.error}`;
  return `${head} (${usage})${error}`;
}

/** `[retry] fix-typo · standard · rep 1: try 2 of 4 in 2.0 s: <the error>` */
export function formatRetryLine(
  record: SuiteRunRecord,
  waitMs: number,
  retries: number,
  lang: LocaleId,
): string {
  const texts = SUITE_TEXTS[lang];
  const next = texts.retrying(record.attempts + 1, retries + 1, seconds(waitMs));
  return `[${texts.retryTag}] ${record.task} · ${record.arm} · ${texts.rep(record.rep)}: ${next}: ${record.error ?? ''}`;
}

export function formatSuiteReport(report: SuiteReport, lang: LocaleId): string {
  const texts = SUITE_TEXTS[lang];
  const priced = report.prices !== null;
  const armRows = report.arms.map((arm) => armRow(arm, priced, lang));
  const header = priced ? [...texts.armHeader, texts.costHeader] : [...texts.armHeader];
  const parts = [wideTable(header, armRows)];
  if (report.comparisons.length > 0) {
    parts.push(
      wideTable(
        texts.comparisonHeader,
        report.comparisons.map((comparison) => comparisonRow(comparison, lang)),
      ),
    );
  }
  parts.push(texts.note);
  if (report.partial) parts.push(texts.partial(report.runs.length, plannedRuns(report)));
  return parts.join('\n\n');
}

function armRow(arm: ArmSummary, priced: boolean, lang: LocaleId): string[] {
  const row = [
    arm.arm,
    count(arm.runs),
    count(arm.passed),
    count(arm.errors),
    arm.passRate === null ? '-' : percent(arm.passRate),
    arm.interval === null ? '-' : `${percent(arm.interval.low)}-${percent(arm.interval.high)}`,
    count(arm.modelCalls),
    count(arm.inputTokens),
    count(arm.outputTokens),
    SUITE_TEXTS[lang].seconds(seconds(arm.wallMs)),
  ];
  return priced ? [...row, arm.cost === null ? '-' : arm.cost.toFixed(4)] : row;
}

function comparisonRow(comparison: ArmComparison, lang: LocaleId): string[] {
  const texts = SUITE_TEXTS[lang];
  const verdict =
    comparison.pairs === 0
      ? texts.noPairs
      : !comparison.significant
        ? texts.inconclusive
        : texts.better(comparison.wins > comparison.losses ? comparison.a : comparison.b);
  return [
    texts.versus(comparison.a, comparison.b),
    count(comparison.wins),
    count(comparison.losses),
    count(comparison.ties),
    comparison.pValue.toPrecision(3),
    verdict,
  ];
}

function plannedRuns(report: SuiteReport): number {
  return report.prompts.length * report.armNames.length * report.reps;
}
