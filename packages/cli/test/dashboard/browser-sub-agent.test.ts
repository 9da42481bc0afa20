/**
 * The dashboard page, in headless Chromium, on a plan whose item was delegated to a
 * sub-agent: the item shows the sub-agent's progress, follows the child plan's writes
 * live, and links to the child plan. And a shared list written by two sessions: each item
 * names its owner and each revision its writer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, getLocale, PlanEngine } from 'plankeeper';
import { endSubAgent, sharedListKey, startSubAgent } from 'plankeeper/harness';
import { openStore } from 'plankeeper/stores';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardServer, type DashboardServer } from '../../src/dashboard/index.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

const key = { agent: 'planner', session: 'p-1' };

let browser: Browser;
let directory: string;
let store: PlanStore;
let dashboard: DashboardServer;

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium();
  directory = mkdtempSync(join(tmpdir(), 'plankeeper-browser-sub-agent-'));
  store = await openStore(`sqlite:${join(directory, 'plans.db')}`);
  dashboard = await createDashboardServer({ store });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('dashboard: a plan with a sub-agent', () => {
  it("shows the sub-agent's progress on the item, live, and opens its plan", async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const engine = new PlanEngine({ store });
    await engine.write(key, [
      { content: 'Research the policy', status: 'in_progress' },
      { content: 'Answer the customer', status: 'pending' },
    ]);
    const started = await startSubAgent(engine, {
      parent: key,
      item: '1',
      scope: 'research',
      locale: getLocale('en'),
    });
    if (!started.ok) throw new Error(started.text);

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(key))}`);
      const line = page.locator('#detail-pane li.item[data-id="1"] .sub-agent');
      await expect
        .poll(() => line.textContent(), { timeout: 5000 })
        .toBe('sub-agent research: no plan yet');
      expect(await page.locator('#detail-pane li.item[data-id="2"] .sub-agent').count()).toBe(0);

      // The sub-agent's writes reach the parent's item without a reload.
      await engine.write(started.sub.key, [
        { content: 'Search the policy', status: 'completed' },
        { content: 'Summarize it', status: 'in_progress' },
      ]);
      await expect
        .poll(() => line.textContent(), { timeout: 5000 })
        .toBe('sub-agent research: 1/2 done — open its plan');
      await engine.complete(started.sub.key, [{ id: '2', reason: 'summarized' }]);
      await endSubAgent(engine, started.sub);
      await expect
        .poll(() => line.textContent(), { timeout: 5000 })
        .toBe('sub-agent research: 2/2 done · finished — open its plan');
      // Not completed for the parent: its model confirms.
      expect(
        await page.locator('#detail-pane li.item[data-id="1"]').getAttribute('data-status'),
      ).toBe('in_progress');

      await line.locator('a.sub-agent-link').click();
      const childKey = encodePlanKey(started.sub.key);
      await expect
        .poll(() => page.locator('#detail-pane').getAttribute('data-key'), { timeout: 5000 })
        .toBe(childKey);
      expect(await page.locator('#detail-pane h2').textContent()).toBe('planner / p-1');
      expect(await page.locator('#detail-pane .scope').textContent()).toBe('scope: research');
      expect(
        await page.$$eval('#detail-pane li.item', (rows) =>
          rows.map(
            (row) =>
              `${row.getAttribute('data-status')} ${row.querySelector('.content')?.textContent}`,
          ),
        ),
      ).toEqual(['completed Search the policy', 'completed Summarize it']);
      expect(await page.locator('#rows tr.selected').getAttribute('data-key')).toBe(childKey);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('names the owner of each item of a shared list, and the writer of each revision', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const engine = new PlanEngine({ store });
    const shared = sharedListKey('release-owners');
    await engine.add(shared, [{ content: 'Write docs' }, { content: 'Write tests' }], {
      owner: 'sess-a',
    });
    const claim = async (id: string, owner: string) => {
      const plan = await engine.snapshot(shared);
      const written = await engine.write(
        shared,
        plan.items.map((item) => ({
          id: item.id,
          content: item.content,
          status: item.id === id ? 'in_progress' : item.status,
        })),
        { owner },
      );
      if (!written.ok) throw new Error(JSON.stringify(written.issues));
    };
    await claim('1', 'sess-a');
    await claim('2', 'sess-b');

    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(shared))}`);
      const owners = () =>
        page.$$eval('#detail-pane li.item', (rows) =>
          rows.map((row) => `#${row.dataset.id} ${row.querySelector('.owner')?.textContent}`),
        );
      await expect.poll(owners, { timeout: 5000 }).toEqual(['#1 [sess-a]', '#2 [sess-b]']);

      // sess-b finishes its item; the page follows live and says who finished it.
      const done = await engine.complete(shared, [{ id: '2', reason: 'green' }], {
        owner: 'sess-b',
      });
      if (!done.ok) throw new Error(JSON.stringify(done.issues));
      await expect.poll(owners, { timeout: 5000 }).toEqual(['#1 [sess-a]', '#2 done by sess-b']);
      expect(
        await page.$$eval('#detail-pane li.revision', (rows) =>
          rows.map(
            (row) =>
              `v${row.getAttribute('data-version')} ${row.querySelector('.writer')?.textContent}`,
          ),
        ),
      ).toEqual([
        'v4 written by sess-b',
        'v3 written by sess-b',
        'v2 written by sess-a',
        'v1 written by sess-a',
      ]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
