/**
 * The `--html` page, opened in headless Chromium with every request refused: it draws one bar
 * per arm with its interval, shows the tables, and shows a task named like markup as text.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteHtml } from '../../src/eval/suite/suite-html.js';
import { launchChromium, missingBrowser } from '../dashboard/support/headless-chromium.js';
import { sampleReport } from './suite-report-sample.js';

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
    expect(await page.$$eval('svg line', (lines) => lines.length)).toBe(2);
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
