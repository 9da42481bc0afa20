/**
 * Plan approval and notes on the dashboard page, in headless Chromium, by keyboard: the
 * agent (`plankeeper mcp --approval`, ANOTHER OS PROCESS on the same SQLite store) writes a
 * plan that waits; a person reaches Approve with Tab and presses Enter; the other page
 * shows the approval live, the timeline says who, and the agent's next result names the
 * person. A note is set with Enter and left unchanged with Escape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardServer, type DashboardServer } from '../../src/dashboard/index.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

const command = fileURLToPath(new URL('../../../../bin/plankeeper.js', import.meta.url));
const key = { agent: 'coder', session: 'approve-1' };

let browser: Browser;
let directory: string;
let store: PlanStore;
let dashboard: DashboardServer;
let agent: Client;

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium();
  directory = mkdtempSync(join(tmpdir(), 'plankeeper-browser-approve-'));
  const storeUrl = `sqlite:${join(directory, 'plans.db')}`;
  store = await openStore(storeUrl);
  dashboard = await createDashboardServer({ store });
  agent = new Client({ name: 'plankeeper-browser-approve-test', version: '1.0.0' });
  await agent.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        ...[command, 'mcp', '--store', storeUrl],
        ...['--agent', key.agent, '--session', key.session, '--approval', 'on-change'],
      ],
      cwd: directory,
      stderr: 'pipe',
    }),
  );
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await browser?.close();
  await dashboard?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

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

const approvalOf = (page: Page) =>
  page.$eval('#detail-pane .approval', (box) => ({
    state: box.getAttribute('data-state'),
    text: box.querySelector('.approval-state')?.textContent,
    button: box.querySelector('button') !== null,
  }));

function focused(page: Page, attribute: string): Promise<string | null> {
  return page.evaluate(
    `document.activeElement && document.activeElement.getAttribute(${JSON.stringify(attribute)})`,
  );
}

describe('dashboard: a person approves the plan and notes an item', () => {
  it('Approve by Tab and Enter; the other page, the timeline and the agent see it', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const written = await say('todos_add', {
      todos: [{ content: 'Find the bug' }, { content: 'Fix it' }],
    });
    expect(written).toContain("This plan waits for a person's approval");
    const [ana, other] = [await openPlan(), await openPlan()];
    expect(await approvalOf(other)).toEqual({
      state: 'waiting',
      text: 'Not approved yet',
      button: true,
    });
    await ana.fill('#person-name', 'Ana');

    // Keyboard only: Tab from the page's start reaches Approve; Enter presses it.
    await ana.locator('#detail-pane h2').click();
    let steps = 0;
    while ((await focused(ana, 'data-action')) !== 'approve' && steps++ < 40) {
      await ana.keyboard.press('Tab');
    }
    expect(await focused(ana, 'data-action')).toBe('approve');
    await ana.keyboard.press('Enter');
    await expect
      .poll(() => approvalOf(other), { timeout: 5000 })
      .toEqual({ state: 'approved', text: 'Approved by Ana', button: false });

    const next = await say('todos_get_remaining');
    expect(next.split('\n')[0]).toBe('Approved by a person (Ana): carry out the plan.');
    const timeline = await other.$eval('#detail-pane li.revision', (row) => ({
      tool: row.querySelector('.tool')?.textContent,
      by: row.querySelector('.by')?.textContent,
    }));
    expect(timeline).toEqual({ tool: 'person:approve', by: 'by Ana' });

    // The agent adds a step: the plan changed since its approval, and both pages say so.
    const added = await say('todos_add', { todos: [{ content: 'Deploy' }] });
    expect(added).toContain("This plan waits for a person's approval");
    await expect
      .poll(() => approvalOf(ana), { timeout: 5000 })
      .toEqual({ state: 'changed', text: 'Changed since it was approved by Ana', button: true });
  }, 60_000);

  it('sets a note with Enter; Escape leaves a note or a text as it was', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const page = await openPlan();
    await page.focus('li.item[data-id="2"] button[data-action="note"]');
    await page.keyboard.press('Enter');
    expect(await focused(page, 'class')).toBe('note-box');
    await page.keyboard.type('needs a test');
    await page.keyboard.press('Enter');
    const note = page.locator('li.item[data-id="2"] .note');
    await note.waitFor();
    expect(await note.textContent()).toBe('note: needs a test');
    const version = await page.getAttribute('#detail-pane', 'data-version');
    // The change also comes back over the event stream and renders again; let that pass.
    await page.waitForTimeout(500);

    await page.click('li.item[data-id="2"] button[data-action="note"]');
    await page.keyboard.type(' and docs');
    await page.keyboard.press('Escape');
    expect(await page.locator('li.item[data-id="2"] .note-box').count()).toBe(0);
    expect(await focused(page, 'data-action')).toBe('note');
    expect(await page.getAttribute('#detail-pane', 'data-version')).toBe(version);
    expect((await store.get(key))?.record.items[1]?.note).toBe('needs a test');

    // The text field too: Escape leaves the text as it was and the keyboard on Edit.
    await page.focus('li.item[data-id="1"] button[data-action="edit"]');
    await page.keyboard.press('Enter');
    expect(await focused(page, 'class')).toBe('edit-box');
    await page.keyboard.type('Something else');
    await page.keyboard.press('Escape');
    expect(await page.textContent('li.item[data-id="1"] .content')).toBe('Find the bug');
    expect(await focused(page, 'data-action')).toBe('edit');
    expect(await page.getAttribute('#detail-pane', 'data-version')).toBe(version);
  }, 30_000);

  it('shows no approval state on a plan no host asks approval for', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    // A plain MCP server (no --approval), another OS process, writes the plan.
    const plainKey = { agent: 'coder', session: 'no-approval' };
    const plain = new Client({ name: 'plankeeper-browser-plain-test', version: '1.0.0' });
    await plain.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          ...[command, 'mcp', '--store', `sqlite:${join(directory, 'plans.db')}`],
          ...['--agent', plainKey.agent, '--session', plainKey.session],
        ],
        cwd: directory,
        stderr: 'pipe',
      }),
    );
    try {
      await plain.callTool({ name: 'todos_add', arguments: { todos: [{ content: 'Reply' }] } });
    } finally {
      await plain.close();
    }
    const page = await browser.newPage();
    await page.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(plainKey))}`);
    await page.locator('#detail-pane li.item').first().waitFor();
    expect(await page.locator('#detail-pane .approval').count()).toBe(0);
    expect(await page.locator('button[data-action="approve"]').count()).toBe(0);
    expect(await page.textContent('#detail-pane')).not.toContain('Not approved yet');
  }, 30_000);

  it('in Chinese (--lang zh): the page, its buttons and a refused change', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const zhKey = { agent: 'coder', session: 'approve-zh' };
    const engine = new PlanEngine({ store });
    // Written as a host that holds its tools for approval writes it.
    await engine.add(zhKey, [{ content: 'Find the bug' }], { approval: 'once' });
    const chinese = await createDashboardServer({ store, locale: 'zh' });
    try {
      const page = await browser.newPage();
      await page.goto(`${chinese.url}#plan=${encodeURIComponent(encodePlanKey(zhKey))}`);
      await page.locator('#detail-pane li.item').first().waitFor();
      expect(await page.textContent('#detail-pane .approval')).toBe('尚未批准 批准');
      expect(await page.textContent('li.item[data-id="1"] button[data-action="done"]')).toBe(
        '完成',
      );
      expect(await page.textContent('#live')).toBe('实时');
      await page.click('button[data-action="approve"]');
      await expect
        .poll(() => page.textContent('#detail-pane .approval'), { timeout: 5000 })
        .toBe('已批准');
      expect(await page.textContent('#detail-pane li.revision .by')).toBe('由人员');
      // A stale button (the agent closed #1 meanwhile): the refusal comes in Chinese.
      await page.route('**/api/events*', (route) => route.abort());
      await page.reload();
      await page.locator('li.item[data-id="1"] button[data-action="done"]').waitFor();
      await engine.complete(zhKey, [{ id: '1', reason: 'found' }]);
      await page.click('li.item[data-id="1"] button[data-action="done"]');
      const error = page.locator('#detail-pane .edit-error');
      await error.waitFor();
      expect(await error.textContent()).toBe(
        '#1 已是已完成状态；只有待办或进行中的事项可以取消或标为完成。',
      );
    } finally {
      await chinese.close();
    }
  }, 30_000);
});
