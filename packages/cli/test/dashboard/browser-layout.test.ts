/**
 * The dashboard's layout in headless Chromium at 1280 and 800 px: no text in the plan list
 * is cut off (every cell's content fits its box: scrollWidth ≤ clientWidth), the name and
 * add fields are wide enough for their placeholders in English and Chinese, the list takes
 * the room the detail pane does not need, the plan's task is shown where its host stored it,
 * the summary counts one plan in the singular, and the "now" column breaks a step between
 * words, never inside one. The dashboard runs as `plankeeper dashboard`
 * in its own process, on a SQLite store written before.
 */
import { encodePlanKey } from 'plankeeper';
import { waitFor } from 'plankeeper/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../support/run-cli.js';
import { seededStore } from '../support/seeded-store.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

// A Claude Code session: its id is a UUID, its scope a sub-agent, its step a long one.
const key = {
  agent: 'claude-code',
  session: '3f2b8c1e-9a4d-4e6b-b1c7-2d5e8f9a0b3c',
  scope: ['researcher'],
};
const TASK = 'Fix the login bug that logs people out after a password change';

let browser: Browser;
let store: string;

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium();
  store = await seededStore('plankeeper-layout-', async (engine) => {
    await engine.write(key, [
      { content: 'Reproduce the logout', status: 'completed' },
      {
        content: 'Run the whole test suite',
        activeForm: 'Running the whole test suite',
        status: 'in_progress',
      },
      { content: 'Write the fix', status: 'pending' },
    ]);
    // As the coding agents' hooks keep the request beside the plan.
    await engine.updateTurnState(key, () => ({ turn: 't1', task: TASK }));
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** `plankeeper dashboard` on the store, in its own process; resolves to its URL and a stop. */
async function startDashboard(lang: string) {
  const child = startCli(['dashboard', '--store', store, '--port', '0', '--lang', lang]);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await waitFor(() => /dashboard: (\S+)/.test(output), 'the dashboard URL', 15_000);
  const url = /dashboard: (\S+)/.exec(output)![1]!;
  return { url, close: () => child.kill('SIGTERM') };
}

/**
 * Every cell and field whose content is wider than its box: "what: shown/needed px". A field
 * fits its placeholder when the placeholder, typed in, needs no scrolling. (Run in the page,
 * so it is a string: these tests are type-checked without the DOM's types.)
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const cut = [];
    for (const cell of document.querySelectorAll('#plans th, #plans td')) {
      if (cell.scrollWidth > cell.clientWidth) {
        cut.push(cell.className + ': ' + cell.clientWidth + '/' + cell.scrollWidth + 'px');
      }
    }
    for (const field of document.querySelectorAll('input[placeholder]')) {
      const typed = field.value;
      field.value = field.placeholder;
      if (field.scrollWidth > field.clientWidth) {
        cut.push('#' + field.id + ': ' + field.clientWidth + '/' + field.scrollWidth + 'px');
      }
      field.value = typed;
    }
    return cut;
  })()`);
}

/**
 * Words of the "now" column split across two lines: "word: line tops". A step wraps between
 * words, never inside one, whatever room the column has.
 */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const split = [];
    for (const cell of document.querySelectorAll('#rows td.now')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) split.push(word[0] + ': ' + [...tops].join(','));
        }
      }
    }
    return split;
  })()`);
}

/** How many lines the first row's session id takes. */
function sessionLines(page: Page): Promise<number> {
  return page.evaluate(`(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('#rows td.session'));
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  })()`);
}

describe.each([
  ['en', 1280],
  ['en', 800],
  ['zh', 1280],
  ['zh', 800],
] as const)('dashboard layout (%s, %i px wide)', (lang, width) => {
  it('cuts no text off, and shows the plan’s task', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const dashboard = await startDashboard(lang);
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.goto(dashboard.url);
      await page.locator('#rows tr').first().waitFor();
      expect(await page.textContent('#summary')).toMatch(
        lang === 'en' ? /^1 plan · 1 agent · 1 open/ : /^1 个计划 · 1 个智能体/,
      );
      expect(await cutOff(page)).toEqual([]);
      expect(await splitWords(page)).toEqual([]);
      if (width === 1280) {
        // Nothing selected: the list has the room (the hint's pane is narrow).
        const list = await page.$eval('#list-pane', (pane) => pane.clientWidth);
        expect(list).toBeGreaterThan(width * 0.75);
        // Room enough: the session id is on one line.
        expect(await sessionLines(page)).toBe(1);
      }

      await page.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(key))}`);
      await page.locator('#detail-pane li.item').first().waitFor();
      expect(await page.textContent('#detail-pane .task')).toBe(
        lang === 'en' ? `Task: ${TASK}` : `任务：${TASK}`,
      );
      expect(await cutOff(page)).toEqual([]);
      expect(await splitWords(page)).toEqual([]);
    } finally {
      await page.close();
      dashboard.close();
    }
  }, 60_000);
});
