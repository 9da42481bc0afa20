/**
 * The dashboard end to end in headless Chromium: the page lists sessions and shows
 * plans, updates live when ANOTHER OS PROCESS writes through a shared SQLite store,
 * keeps model-written text inert, and renders 1,000 sessions.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, MemoryPlanStore, PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardServer, type DashboardServer } from '../../src/dashboard/index.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

const support = fileURLToPath(new URL('./support/', import.meta.url));
const results = fileURLToPath(new URL('../../../../test-results/', import.meta.url));

const support42 = { agent: 'support', session: 'user-42' };
const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

let browser: Browser;
let directory: string;
let storeUrl: string;
let store: PlanStore;
let dashboard: DashboardServer;

// Without Chromium every test below fails with this message (a failing hook alone
// would only show the tests as skipped).
function browserTest(name: string, test: () => Promise<void>, timeoutMs?: number) {
  it(
    name,
    async () => {
      if (missingBrowser) throw new Error(missingBrowser);
      await test();
    },
    timeoutMs,
  );
}

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium([
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ]);
  directory = mkdtempSync(join(tmpdir(), 'plankeeper-browser-'));
  storeUrl = `sqlite:${join(directory, 'plans.db')}`;
  store = await openStore(storeUrl);
  const engine = new PlanEngine({ store });
  await engine.add(
    support42,
    [
      { content: 'Look up the return policy' },
      { content: 'Check the order date', activeForm: 'Checking the order date' },
      { content: 'Draft the answer' },
    ],
    { callId: 'call_add' },
  );
  await engine.complete(support42, [{ id: '1', reason: 'found section 4.2' }], {
    callId: 'call_done',
  });
  await engine.write(
    support42,
    [
      {
        id: '1',
        content: 'Look up the return policy',
        status: 'completed',
        note: 'found section 4.2',
      },
      {
        id: '2',
        content: 'Check the order date',
        status: 'in_progress',
        activeForm: 'Checking the order date',
      },
      { id: '3', content: 'Draft the answer', status: 'pending', blockedBy: ['2'] },
    ],
    { callId: 'call_start' },
  );
  await engine.write({ agent: 'research', session: 's-7', scope: ['sub-agent'] }, [
    { content: 'Collect sources', status: 'completed' },
    { content: 'Summarise', status: 'completed' },
  ]);
  // Written an hour ago with work still open: the page must flag it as stale.
  const anHourAgo = new PlanEngine({ store, now: () => Date.now() - 3_600_000 });
  await anHourAgo.write({ agent: 'billing', session: 'b-1' }, [
    { content: 'Refund the order', status: 'in_progress', activeForm: 'Refunding the order' },
  ]);
  await engine.write({ agent: 'xss', session: '<b>s</b>' }, [
    { content: hostile, status: 'in_progress', activeForm: hostile },
  ]);
  dashboard = await createDashboardServer({ store });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Opens `url` in a fresh page, runs `use`, then checks the page logged no error and closes it. */
async function withPage(url: string, use: (page: Page) => Promise<void>): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await page.goto(url);
    await use(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

/** The row's cells as text, tab-separated. */
function rowText(page: Page, key: string) {
  return page
    .locator(`#rows tr[data-key="${key}"] td`)
    .evaluateAll((cells) => cells.map((cell) => cell.textContent).join('\t'));
}

function visibleRows(page: Page) {
  return page.locator('#rows tr:not([hidden])');
}

describe('dashboard page in Chromium', () => {
  browserTest(
    'lists sessions with progress, the step in progress, and stale or done plans',
    async () => {
      await withPage(dashboard.url, async (page) => {
        await page.waitForSelector('#plans[data-rows="4"]');
        const keys = await page
          .locator('#rows tr')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));
        expect(keys).toEqual([
          'billing/b-1',
          'research/s-7/sub-agent',
          encodePlanKey(support42),
          encodePlanKey({ agent: 'xss', session: '<b>s</b>' }),
        ]);
        expect(await rowText(page, encodePlanKey(support42))).toBe(
          'support\tuser-42\t\t1/3\tChecking the order date\topen\tjust now',
        );
        expect(await rowText(page, 'research/s-7/sub-agent')).toBe(
          'research\ts-7\tsub-agent\t2/2\tall done\tdone\tjust now',
        );
        expect(await rowText(page, 'billing/b-1')).toBe(
          'billing\tb-1\t\t0/1\tRefunding the order\tstale\t1h ago',
        );
        const billing = page.locator('#rows tr[data-key="billing/b-1"]');
        expect(await billing.getAttribute('class')).toContain('is-stale');
        // The bar's width follows progress.
        const widths = await page
          .locator('#rows .bar > span')
          .evaluateAll((bars) =>
            bars.map((bar) => (bar as unknown as { style: { width: string } }).style.width),
          );
        expect(widths).toEqual(['0%', '100%', '33%', '0%']);
        expect(await page.locator('#summary').textContent()).toBe(
          '4 plans · 4 agents · 3 open · 1 stale · 1 done',
        );
        await page.waitForSelector('#live.on');
        expect(await page.locator('#live').textContent()).toBe('live');
      });
    },
  );

  browserTest('shows one plan in full with its timeline of tool calls', async () => {
    await withPage(dashboard.url, async (page) => {
      await page.waitForSelector('#plans[data-rows="4"]');
      await page.locator(`#rows tr[data-key="${encodePlanKey(support42)}"]`).click();
      await page.waitForSelector('#detail-pane ol.items');
      expect(await page.locator('#detail-pane h2').textContent()).toBe('support / user-42');
      expect(await page.locator('#rows tr.selected').getAttribute('data-key')).toBe(
        encodePlanKey(support42),
      );
      // The item as read, without its buttons (browser-edit.test.ts covers those).
      const items = await page.locator('#detail-pane ol.items > li').evaluateAll((rows) =>
        rows.map((row) => {
          const copy = row.cloneNode(true) as typeof row;
          for (const actions of copy.querySelectorAll('.actions')) actions.remove();
          return copy.textContent ?? '';
        }),
      );
      expect(items.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
        '[x] #1 Look up the return policy note: found section 4.2',
        '[>] #2 Check the order date now: Checking the order date',
        '[ ] #3 Draft the answer after #2 blocked: waits for #2',
      ]);
      const third = page.locator('#detail-pane ol.items > li[data-id="3"]');
      expect(await third.getAttribute('data-blocked')).toBe('true');
      const revisions = page.locator('#detail-pane ol.timeline > li');
      expect(await revisions.count()).toBe(3);
      const newest = await revisions.nth(0).textContent();
      expect(newest).toContain('v3 todo_write call call_start 1/3 done');
      expect(newest).toContain('started #2 Checking the order date');
      const middle = await revisions.nth(1).textContent();
      expect(middle).toContain('todos_complete');
      expect(middle).toContain('completed #1 Look up the return policy — found section 4.2');
      const oldest = await revisions.nth(2).textContent();
      expect(oldest).toContain('call call_add');
      expect(oldest).toContain('+ #3 Draft the answer');
      // The selection lives in the address, so a reload comes back to it.
      expect(new URL(page.url()).hash).toBe(
        `#plan=${encodeURIComponent(encodePlanKey(support42))}`,
      );

      mkdirSync(results, { recursive: true });
      await page.screenshot({ path: join(results, 'dashboard.png') });
      console.log(`[dashboard] screenshot: ${join(results, 'dashboard.png')}`);
    });
  });

  browserTest('shows model-written markup as text, never as HTML', async () => {
    const xssKey = encodePlanKey({ agent: 'xss', session: '<b>s</b>' });
    await withPage(`${dashboard.url}#plan=${encodeURIComponent(xssKey)}`, async (page) => {
      await page.waitForSelector('#detail-pane ol.items');
      await page.waitForSelector('#plans[data-rows="4"]');
      expect(await page.locator(`#rows tr[data-key="${xssKey}"] td.now`).textContent()).toBe(
        hostile,
      );
      expect(await page.locator('#detail-pane h2').textContent()).toBe('xss / <b>s</b>');
      expect(await page.locator('#detail-pane .content').first().textContent()).toBe(hostile);
      expect(await page.evaluate('window.__pwned')).toBeUndefined();
      expect(await page.locator('img, b, main script').count()).toBe(0);
    });
  });

  browserTest('filters rows by text and by state', async () => {
    await withPage(dashboard.url, async (page) => {
      await page.waitForSelector('#plans[data-rows="4"]');
      await page.locator('#filter').fill('SUB-AGENT');
      expect(await visibleRows(page).count()).toBe(1);
      await page.locator('#filter').fill('refunding');
      expect(await visibleRows(page).getAttribute('data-key')).toBe('billing/b-1');
      await page.locator('#filter').fill('');
      await page.locator('#show').selectOption('stale');
      expect(await visibleRows(page).getAttribute('data-key')).toBe('billing/b-1');
      await page.locator('#show').selectOption('done');
      expect(await visibleRows(page).getAttribute('data-key')).toBe('research/s-7/sub-agent');
      expect(await page.locator('#summary').textContent()).toMatch(/^1 of 4 plans/);
      await page.locator('#filter').fill('nothing matches this');
      expect(await visibleRows(page).count()).toBe(0);
      expect(await page.locator('#empty').textContent()).toBe('No plan matches the filter.');
    });
  });

  browserTest(
    'updates without a reload when another process writes to the store',
    async () => {
      const key = encodePlanKey(support42);
      await withPage(`${dashboard.url}#plan=${encodeURIComponent(key)}`, async (page) => {
        await page.waitForSelector('#detail-pane ol.items');
        await page.waitForSelector('#live.on');
        // Survives only as long as the page is not reloaded.
        await page.evaluate('window.__sameDocument = true');

        const writer = await startWriter(storeUrl);
        try {
          const completed = await writer.send({
            agent: 'support',
            session: 'user-42',
            op: 'complete',
            input: [{ id: '2', reason: 'ordered on 3 May' }],
            callId: 'call_from_elsewhere',
          });
          expect(completed).toMatchObject({ ok: true, version: 4 });
          expect(completed.pid).not.toBe(process.pid);

          // The open plan and its row follow the other process's write.
          await page.waitForSelector('#detail-pane[data-version="4"]', { timeout: 10_000 });
          expect(
            await page
              .locator('#detail-pane ol.items > li[data-id="2"]')
              .getAttribute('data-status'),
          ).toBe('completed');
          // #3 waited for #2: still shown as after #2, no longer blocked.
          const third = page.locator('#detail-pane ol.items > li[data-id="3"]');
          expect(await third.getAttribute('data-blocked')).toBeNull();
          expect(await third.locator('.waits-after').textContent()).toBe('after #2');
          expect(await third.locator('.blocked-marker').count()).toBe(0);
          const newest = await page.locator('#detail-pane ol.timeline > li').first().textContent();
          expect(newest).toContain('call call_from_elsewhere');
          expect(newest).toContain('completed #2 Check the order date — ordered on 3 May');
          await page.waitForFunction(
            `document.querySelector('#rows tr[data-key="${key}"] .count')?.textContent === '2/3'`,
            undefined,
            { timeout: 10_000 },
          );

          // A session that did not exist when the page loaded appears as a new row.
          await writer.send({
            agent: 'support',
            session: 'user-77',
            op: 'write',
            input: [
              { content: 'Greet the customer', status: 'in_progress', activeForm: 'Greeting' },
            ],
          });
          await page.waitForSelector('#plans[data-rows="5"]', { timeout: 10_000 });
          expect(await rowText(page, 'support/user-77')).toContain('Greeting');
          expect(await page.evaluate('window.__sameDocument')).toBe(true);
        } finally {
          await writer.stop();
        }
      });
    },
    60_000,
  );
});

describe('dashboard page with 1,000 sessions', () => {
  browserTest('loads and renders every row in one pass', async () => {
    const many = new MemoryPlanStore();
    const engine = new PlanEngine({ store: many });
    for (let index = 0; index < 1000; index++) {
      const id = String(index).padStart(4, '0');
      await engine.write({ agent: `agent-${index % 12}`, session: `session-${id}` }, [
        { content: 'Read the ticket', status: 'completed' },
        {
          content: `Answer ticket ${id}`,
          status: 'in_progress',
          activeForm: `Answering ticket ${id}`,
        },
        { content: 'Close the ticket', status: 'pending' },
      ]);
    }
    const server = await createDashboardServer({ store: many });
    try {
      await withPage(server.url, async (page) => {
        await page.waitForSelector('#plans[data-rows="1000"]', { timeout: 20_000 });
        const shownAt = Number(await page.locator('#plans').getAttribute('data-shown-at'));
        const renderMs = Number(await page.locator('#plans').getAttribute('data-render-ms'));
        expect(await page.locator('#rows tr').count()).toBe(1000);
        expect(await rowText(page, 'agent-3/session-0999')).toContain('Answering ticket 0999');
        const filterStarted = performance.now();
        await page.locator('#filter').fill('ticket 0999');
        expect(await visibleRows(page).count()).toBe(1);
        const filterMs = performance.now() - filterStarted;
        console.log(
          `[dashboard] 1,000 sessions in Chromium: list shown ${shownAt} ms after navigation, DOM render ${renderMs} ms, filter round trip ${filterMs.toFixed(0)} ms`,
        );
        await page.locator('#filter').fill('');
        mkdirSync(results, { recursive: true });
        await page.screenshot({ path: join(results, 'dashboard-1000.png') });
      });
    } finally {
      await server.close();
    }
  });
});

// --- a writer in another OS process -----------------------------------------------

interface Writer {
  send(
    operation: Record<string, unknown>,
  ): Promise<{ ok: boolean; version?: number; pid?: number }>;
  stop(): Promise<void>;
}

async function startWriter(url: string): Promise<Writer> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(join(support, 'register-ts.mjs')).href,
      join(support, 'plan-writer.mjs'),
      url,
    ],
    { stdio: 'pipe' },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await Promise.race([
      lines.next(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`The writer process did not answer: ${stderr}`)), 20_000),
      ),
    ]);
    if (line.done) throw new Error(`The writer process ended: ${stderr}`);
    return JSON.parse(line.value) as { ok: boolean; version?: number; pid?: number };
  };
  await next();
  return {
    async send(operation) {
      child.stdin.write(`${JSON.stringify(operation)}\n`);
      return next();
    },
    async stop() {
      child.stdin.end();
      if (child.exitCode === null) await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}
