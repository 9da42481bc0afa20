/**
 * A person steers a plan from the dashboard page, in headless Chromium: add, done,
 * cancel, edit text and reorder, by keyboard and by click. Two pages and an agent
 * (`plankeeper mcp`, ANOTHER OS PROCESS on the same SQLite store) see each other's
 * changes without a reload, and the agent's next tool result names the person.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardServer, type DashboardServer } from '../../src/dashboard/index.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

const command = fileURLToPath(new URL('../../../../bin/plankeeper.js', import.meta.url));
const key = { agent: 'coder', session: 's1' };

let browser: Browser;
let directory: string;
let store: PlanStore;
let dashboard: DashboardServer;
let agent: Client;

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium();
  directory = mkdtempSync(join(tmpdir(), 'plankeeper-browser-edit-'));
  const storeUrl = `sqlite:${join(directory, 'plans.db')}`;
  store = await openStore(storeUrl);
  dashboard = await createDashboardServer({ store });
  agent = new Client({ name: 'plankeeper-browser-edit-test', version: '1.0.0' });
  await agent.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [command, 'mcp', '--store', storeUrl, '--agent', key.agent, '--session', key.session],
      cwd: directory,
      stderr: 'pipe',
    }),
  );
  await say('todos_add', {
    todos: [{ content: 'Find the bug' }, { content: 'Fix it' }, { content: 'Write docs' }],
  });
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await browser?.close();
  await dashboard?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** The agent's tool call; the text its model would read. */
async function say(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

async function openPlan(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(key))}`);
  await page.locator('#detail-pane li.item').first().waitFor();
  return page;
}

/** The items as the page shows them: "#id status content". */
function itemsOf(page: Page) {
  return page.$$eval('#detail-pane li.item', (rows) =>
    rows.map(
      (row) =>
        `#${row.getAttribute('data-id')} ${row.getAttribute('data-status')} ${row.querySelector('.content')?.textContent}`,
    ),
  );
}

/** `attribute` of the focused element (the test code has no DOM types; the page has). */
function focused(page: Page, attribute: string): Promise<string | null> {
  return page.evaluate(
    `document.activeElement && document.activeElement.getAttribute(${JSON.stringify(attribute)})`,
  );
}

async function until(page: Page, expected: string[]) {
  await expect.poll(() => itemsOf(page), { timeout: 5000 }).toEqual(expected);
}

describe('dashboard: a person steers the plan', () => {
  it('add, done, cancel, edit and reorder on one page; the other page and the agent see it live', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const [ana, other] = [await openPlan(), await openPlan()];
    await ana.fill('#person-name', 'Ana');

    // Keyboard only: the add field, Enter.
    await ana.focus('#add-item');
    await ana.keyboard.type('Tell the customer');
    await ana.keyboard.press('Enter');
    const afterAdd = [
      '#1 pending Find the bug',
      '#2 pending Fix it',
      '#3 pending Write docs',
      '#4 pending Tell the customer',
    ];
    await until(ana, afterAdd);
    await until(other, afterAdd);
    expect(await focused(ana, 'id')).toBe('add-item');
    expect(await ana.inputValue('#add-item')).toBe('');

    // The agent's next tool result says who changed what.
    const told = await say('todos_get_all');
    expect(told.split('\n')[0]).toBe('Changed by a person (Ana): added #4');

    // Keyboard: focus #3's Cancel button, Enter; focus comes back to it after the re-render.
    await ana.focus('li.item[data-id="3"] button[data-action="cancel"]');
    await ana.keyboard.press('Enter');
    await until(other, [
      '#1 pending Find the bug',
      '#2 pending Fix it',
      '#3 cancelled Write docs',
      '#4 pending Tell the customer',
    ]);
    await expect.poll(() => focused(ana, 'data-id')).toBe('3');

    // Click: done, move #4 up, edit #2's text (Enter saves).
    await ana.click('li.item[data-id="1"] button[data-action="done"]');
    await until(other, [
      '#1 completed Find the bug',
      '#2 pending Fix it',
      '#3 cancelled Write docs',
      '#4 pending Tell the customer',
    ]);
    await ana.click('li.item[data-id="4"] button[data-action="up"]');
    await until(other, [
      '#1 completed Find the bug',
      '#2 pending Fix it',
      '#4 pending Tell the customer',
      '#3 cancelled Write docs',
    ]);
    await ana.click('li.item[data-id="2"] button[data-action="edit"]');
    await ana.fill('li.item[data-id="2"] .edit-box', 'Fix it with a test');
    await ana.keyboard.press('Enter');
    await until(other, [
      '#1 completed Find the bug',
      '#2 pending Fix it with a test',
      '#4 pending Tell the customer',
      '#3 cancelled Write docs',
    ]);

    const next = await say('todos_get_remaining');
    expect(next.split('\n')[0]).toBe(
      'Changed by a person (Ana): cancelled #3; completed #1; moved #4 before #3; edited #2',
    );

    // The agent's own change reaches both pages without a reload.
    await say('todos_complete', { items: [{ id: 2, reason: 'test passes' }] });
    await until(ana, [
      '#1 completed Find the bug',
      '#2 completed Fix it with a test',
      '#4 pending Tell the customer',
      '#3 cancelled Write docs',
    ]);

    // The timeline says who changed what (the other page's, which may show the agent's change
    // a moment after Ana's list does).
    const timeline = () =>
      other.$$eval('#detail-pane li.revision', (rows) =>
        rows.slice(0, 3).map((row) => ({
          tool: row.querySelector('.tool')?.textContent,
          by: row.querySelector('.by')?.textContent ?? null,
          summary: row.querySelector('.summary')?.textContent,
          changes: [...row.querySelectorAll('.changes li')].map((line) => line.textContent),
        })),
      );
    await expect.poll(timeline, { timeout: 5000 }).toEqual([
      {
        tool: 'todos_complete',
        by: null,
        summary: 'completed #2: "test passes"',
        changes: ['✓ completed #2 Fix it with a test — test passes'],
      },
      {
        tool: 'person:edit',
        by: 'by Ana',
        summary: 'edited #2',
        changes: ['✎ edited content of #2 Fix it with a test (was: Fix it)'],
      },
      {
        tool: 'person:move',
        by: 'by Ana',
        summary: 'moved #4 before #3',
        changes: ['↕ moved #4 Tell the customer before #3'],
      },
    ]);
  }, 60_000);

  it('shows a refused change in one line and changes nothing', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    // A page that is not live, so its buttons go stale when the agent changes the plan.
    const page = await browser.newPage();
    await page.route('**/api/events*', (route) => route.abort());
    await page.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(key))}`);
    await page.locator('li.item[data-id="4"] button[data-action="done"]').waitFor();
    await say('todo_write', {
      todos: [
        { id: '1', content: 'Find the bug', status: 'completed' },
        { id: '2', content: 'Fix it with a test', status: 'completed' },
        { id: '4', content: 'Tell the customer', status: 'cancelled' },
        { id: '3', content: 'Write docs', status: 'cancelled' },
      ],
    });
    const version = Number(await page.getAttribute('#detail-pane', 'data-version'));
    await page.click('li.item[data-id="4"] button[data-action="done"]');
    const error = page.locator('#detail-pane .edit-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      '#4 is already cancelled; only pending or in-progress items can be cancelled or done.',
    );
    expect(await error.getAttribute('role')).toBe('alert');
    // Nothing was written: the stored plan is the agent's, one version past the page's.
    const history = await store.history(key, { limit: 1 });
    expect(history[0]).toMatchObject({ version: version + 1, source: { tool: 'todo_write' } });
  }, 30_000);

  it("keeps a person's cancel from the agent's list sent from an older read; the agent and the timeline say so", async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    await say('todos_add', {
      todos: [{ content: 'Ship the fix' }, { content: 'Email the customer' }],
    });
    // The agent reads the plan; its next list is made from this read.
    await say('todo_read');
    const read = (await store.get(key))!.record.items;
    const page = await openPlan();
    await page.fill('#person-name', 'Ana');
    await page.click('li.item[data-id="6"] button[data-action="cancel"]');
    await until(page, [
      '#1 completed Find the bug',
      '#2 completed Fix it with a test',
      '#4 cancelled Tell the customer',
      '#3 cancelled Write docs',
      '#5 pending Ship the fix',
      '#6 cancelled Email the customer',
    ]);

    const told = await say('todo_write', {
      todos: read.map(({ id, content, status }) => ({
        id,
        content,
        status: id === '5' ? 'completed' : id === '6' ? 'in_progress' : status,
      })),
    });
    expect(told).toContain('Kept changes by a person (Ana) that you had not seen: #6 cancelled');
    const stored = (await store.get(key))!.record.items;
    expect(stored.slice(-2).map((item) => item.status)).toEqual(['completed', 'cancelled']);
    const newest = page.locator('#detail-pane li.revision').first();
    await expect
      .poll(() => newest.locator('.summary').textContent(), { timeout: 5000 })
      .toBe("wrote 6 items, kept a person's change to #6");
    // The page's data says which items, for any other viewer.
    const detail = await fetch(
      new URL(`/api/plan?key=${encodeURIComponent(encodePlanKey(key))}`, dashboard.url),
    );
    const { timeline } = (await detail.json()) as { timeline: { keptForPerson?: string[] }[] };
    expect(timeline.at(-1)?.keptForPerson).toEqual(['6']);
  }, 30_000);
});
