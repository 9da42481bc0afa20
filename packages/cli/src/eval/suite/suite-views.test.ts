/**
 * What a person reads of a suite eval, from one fixed report (three tasks, two arms, two reps,
 * one error): the table and progress lines in each language (snapshots, and the numbers behind
 * them), the system prompt of the own-loop runs, and the --html page opened in headless
 * Chromium with every request refused.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALE_IDS } from 'plankeeper';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  missingBrowser,
} from '../../../test/dashboard/support/headless-chromium.js';
import { textWidth } from '../../cli/terminal/text-width.js';
import { formatProgressLine, formatRetryLine, formatSuiteReport } from './format-suite-report.js';
import { OWN_LOOP_SYSTEM } from './own-loop-texts.js';
import { suiteHtml } from './suite-html.js';
import type { SuiteRunRecord } from './suite-record.js';
import { buildSuiteReport, type SuiteReport } from './suite-report.js';

const TASKS = ['fix-typo', 'two-files', '<b>odd & "name"</b>'];

function record(
  task: string,
  arm: string,
  rep: number,
  status: SuiteRunRecord['status'],
): SuiteRunRecord {
  const planned = arm === 'standard';
  return {
    task,
    arm,
    rep,
    status,
    attempts: status === 'error' ? 4 : 1,
    modelCalls: planned ? 6 : 3,
    inputTokens: planned ? 4200 : 2100,
    outputTokens: planned ? 300 : 150,
    wallMs: planned ? 2500 : 1200,
    ...(status === 'error' && {
      error: 'Cannot reach OpenAI at http://127.0.0.1:1/v1: connection refused.',
    }),
    ...(status === 'failed' && { checkExitCode: 1, checkOutput: 'b.txt still says hello' }),
  };
}

function sampleReport(options: { partial?: boolean } = {}): SuiteReport {
  const records: SuiteRunRecord[] = [];
  for (const rep of [1, 2]) {
    for (const task of TASKS) {
      records.push(record(task, 'off', rep, task === 'two-files' ? 'failed' : 'passed'));
      const erred = task === 'fix-typo' && rep === 2;
      records.push(record(task, 'standard', rep, erred ? 'error' : 'passed'));
    }
  }
  const kept = options.partial ? records.slice(0, 7) : records;
  return buildSuiteReport({
    meta: {
      plankeeperVersion: '0.0.0-test',
      nodeVersion: 'v20.0.0',
      model: 'openai:small-model',
      agent: null,
      agentVersion: null,
      baseUrlHost: 'localhost:11434',
      suite: 'my-suite',
      lang: 'en',
      armNames: ['off', 'standard'],
      reps: 2,
      order: 'rep, task, arm',
      systemPrompt: 'Do the task.',
      prices: { inPerMillion: 0.15, outPerMillion: 0.6 },
      prompts: TASKS.map((task) => ({
        task,
        file: 'task.md',
        sha256: '0'.repeat(64),
        text: `Do ${task}.`,
      })),
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:10:00.000Z',
    },
    checks: new Map(TASKS.map((task) => [task, 'npm test'])),
    records: kept,
    planned: records.length,
  });
}

describe.each(LOCALE_IDS)('suite eval texts (%s)', (lang) => {
  it('the table: per arm with interval and cost, per pair with the verdict', () => {
    const table = formatSuiteReport(sampleReport(), lang);
    expect(table).toMatchSnapshot();
    // Columns line up in terminal cells, whatever the script.
    const [header, rule] = table.split('\n');
    expect(textWidth(header!.trimEnd())).toBeLessThanOrEqual(textWidth(rule!));
  });

  it('a partial table says how far it got', () => {
    expect(
      formatSuiteReport(sampleReport({ partial: true }), lang)
        .split('\n')
        .at(-1),
    ).toMatchSnapshot();
  });

  it('one progress line per run: pass, fail and error', () => {
    const runs = sampleReport().runs;
    const lines = [runs[0]!, runs[2]!, runs[7]!].map((run, index) =>
      formatProgressLine(run, index + 1, runs.length, lang),
    );
    expect(lines).toMatchSnapshot();
  });

  it('a retry line: which try comes next and when, then the error', () => {
    const erred = sampleReport().runs[7]!;
    expect(formatRetryLine({ ...erred, attempts: 1 }, 2000, 3, lang)).toMatchSnapshot();
  });

  it("the --html page's own words: the chart's caption, the task table's head and legend", () => {
    const html = suiteHtml(sampleReport(), lang);
    const words = [...html.matchAll(/<p>(.*?)<\/p>|<th>(.*?)<\/th>|aria-label="([^"]*)"/g)].map(
      (match) => match[1] ?? match[2] ?? match[3],
    );
    expect(words).toMatchSnapshot();
  });

  it('the system prompt of the own-loop runs', () => {
    expect(OWN_LOOP_SYSTEM[lang]).toMatchSnapshot();
  });
});

describe('suite report numbers', () => {
  it('a run of one model call reads "1 call"', () => {
    const run = { ...sampleReport().runs[0]!, modelCalls: 1 };
    expect(formatProgressLine(run, 1, 12, 'en')).toContain('pass (1 call, 2,100 in');
    expect(formatProgressLine(run, 1, 12, 'zh')).toContain('通过 (1 次调用，');
  });

  it('leaves errors out of the pass rate and pairs only runs both arms finished', () => {
    const report = sampleReport();
    const standard = report.arms.find((arm) => arm.arm === 'standard')!;
    expect(standard).toMatchObject({ runs: 6, passed: 5, errors: 1, passRate: 1 });
    expect(standard.cost).toBeCloseTo((6 * 4200 * 0.15 + 6 * 300 * 0.6) / 1e6, 12);
    expect(report.comparisons).toEqual([
      {
        a: 'standard',
        b: 'off',
        pairs: 5,
        wins: 2,
        losses: 0,
        ties: 3,
        pValue: 0.5,
        significant: false,
      },
    ]);
  });
});

const scratch = mkdtempSync(join(tmpdir(), 'suite-html-'));
let browser: Browser;
beforeAll(async () => {
  if (missingBrowser) throw new Error(missingBrowser);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('plankeeper eval --suite --html', () => {
  it('is one self-contained page: the chart, the tables, escaped names, no request out', async () => {
    const html = suiteHtml(sampleReport(), 'en');
    expect(html).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).not.toContain('<b>odd');
    const file = join(scratch, 'report.html');
    writeFileSync(file, html);
    const page = await browser.newPage();
    const requests: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith('file:')) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    await page.goto(pathToFileURL(file).href);
    const bars = await page.$$eval('svg rect', (rects) =>
      rects.map((rect) => Number(rect.getAttribute('width'))),
    );
    // off passes 4 of 6, standard 5 of 5 scored: the full bar is the longer.
    expect(bars).toHaveLength(2);
    expect(bars[1]! / bars[0]!).toBeCloseTo(1 / (4 / 6), 2);
    // One interval line per arm, over a 0 / 50 / 100% scale.
    expect(await page.$$eval('svg line[stroke="#222"]', (lines) => lines.length)).toBe(2);
    expect(await page.$$eval('svg text', (texts) => texts.map((text) => text.textContent))).toEqual(
      expect.arrayContaining(['0%', '50%', '100%']),
    );
    const text = await page.textContent('body');
    expect(text).toContain('standard vs off');
    expect(text).toContain('inconclusive');
    // The task named like markup is shown as its name, not run as markup.
    expect(
      await page.$$eval('table td', (cells) => cells.map((cell) => cell.textContent)),
    ).toContain('<b>odd & "name"</b>');
    expect(await page.$$eval('b', (bold) => bold.length)).toBe(0);
    expect(requests).toEqual([]);
    await page.close();
  });
});
