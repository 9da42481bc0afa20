/**
 * The suite report as one self-contained HTML page: no script, no font, no request leaves
 * it. An inline SVG draws each arm's pass rate with its 95% interval; the tables follow.
 * Every text from the suite (task names, prompts, errors) is escaped.
 */
import type { LocaleId } from 'plankeeper';
import { formatSuiteReport } from './format-suite-report.js';
import type { ArmSummary, SuiteReport } from './suite-report.js';
import { SUITE_TEXTS } from './suite-texts.js';

const BAR_HEIGHT = 28;
const CHART_WIDTH = 560;
const LABEL_WIDTH = 110;
/** Room under the bars for the 0% / 50% / 100% scale. */
const AXIS_HEIGHT = 22;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function suiteHtml(report: SuiteReport, lang: LocaleId): string {
  const title = `plankeeper eval: ${report.model}`;
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}pre{background:#f4f4f4;padding:1rem;overflow-x:auto;white-space:pre-wrap}</style>',
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(`${report.suite} · ${report.armNames.join(', ')} · ${SUITE_TEXTS[lang].runsOf(report.reps, report.prompts.length)} · ${report.startedAt}`)}</p>`,
    `<p>${escapeHtml(SUITE_TEXTS[lang].chartCaption)}</p>`,
    passRateChart(report.arms, SUITE_TEXTS[lang].chartCaption),
    `<pre>${escapeHtml(formatSuiteReport(report, lang))}</pre>`,
    taskTable(report, lang),
    `<p>${escapeHtml(SUITE_TEXTS[lang].marksLegend)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
}

function passRateChart(arms: readonly ArmSummary[], caption: string): string {
  const barsHeight = arms.length * BAR_HEIGHT + 4;
  const scale = (rate: number) => LABEL_WIDTH + rate * (CHART_WIDTH - LABEL_WIDTH - 50);
  const rows = arms.map((arm, index) => {
    const y = index * BAR_HEIGHT + 4;
    const middle = y + (BAR_HEIGHT - 8) / 2;
    const label = `<text x="0" y="${middle + 5}">${escapeHtml(arm.arm)}</text>`;
    if (arm.passRate === null) return `${label}<text x="${LABEL_WIDTH}" y="${middle + 5}">-</text>`;
    const bar = `<rect x="${LABEL_WIDTH}" y="${y}" width="${(scale(arm.passRate) - LABEL_WIDTH).toFixed(1)}" height="${BAR_HEIGHT - 8}" fill="#4a7fd4"/>`;
    const whisker = arm.interval
      ? `<line x1="${scale(arm.interval.low).toFixed(1)}" x2="${scale(arm.interval.high).toFixed(1)}" y1="${middle}" y2="${middle}" stroke="#222" stroke-width="2"/>`
      : '';
    const value = `<text x="${(scale(1) + 6).toFixed(1)}" y="${middle + 5}">${Math.round(arm.passRate * 100)}%</text>`;
    return `${label}${bar}${whisker}${value}`;
  });
  // A scale, so a bar is read against 0 and 100%, not against the longest bar.
  const ticks = [0, 0.5, 1].map((rate) => {
    const x = scale(rate).toFixed(1);
    return `<line x1="${x}" x2="${x}" y1="0" y2="${barsHeight}" stroke="#ccc"/><text x="${x}" y="${barsHeight + 15}" text-anchor="middle" fill="#555">${rate * 100}%</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${barsHeight + AXIS_HEIGHT}" role="img" aria-label="${escapeHtml(caption)}" font-size="13">`,
    ...ticks,
    ...rows,
    '</svg>',
  ].join('\n');
}

function taskTable(report: SuiteReport, lang: LocaleId): string {
  const head = `<tr><th>${escapeHtml(SUITE_TEXTS[lang].taskColumn)}</th>${report.armNames.map((arm) => `<th>${escapeHtml(arm)}</th>`).join('')}</tr>`;
  const rows = report.tasks.map((task) => {
    const cells = report.armNames.map((arm) => {
      const runs = task.results[arm] ?? [];
      const marks = runs.map((run) =>
        run.status === 'passed' ? '✓' : run.status === 'failed' ? '✗' : '!',
      );
      return `<td>${marks.join(' ') || '-'}</td>`;
    });
    return `<tr><td>${escapeHtml(task.task)}</td>${cells.join('')}</tr>`;
  });
  return `<table border="1" cellpadding="4">${head}${rows.join('')}</table>`;
}
