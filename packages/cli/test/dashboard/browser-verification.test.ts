/**
 * What verified a plan, on the dashboard page in headless Chromium: the agent
 * (`plankeeper mcp --verify`, another OS process on the same SQLite store as the
 * `plankeeper dashboard` process) completes its last
 * item and the person's check passes; the page shows the plan verified and the item's
 * evidence, live. Then a check before an answer fails and the answer is let through (kept by
 * the engine as every host keeps it): the plan's line says so and the timeline names the
 * revision as that check. In English and Chinese.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PlanStore } from 'plankeeper';
import { encodePlanKey, PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { waitFor } from 'plankeeper/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../support/run-cli.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

const command = fileURLToPath(new URL('../../../../bin/plankeeper.js', import.meta.url));
const key = { agent: 'coder', session: 'verified-1' };

let browser: Browser;
let directory: string;
let store: PlanStore;
let storeUrl: string;
let dashboard: { url: string; close(): void };
let agent: Client;

/** `plankeeper dashboard` on the store, in its own process; resolves to its URL and a stop. */
async function startDashboard(lang: string) {
  const child = startCli(['dashboard', '--store', storeUrl, '--port', '0', '--lang', lang]);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await waitFor(() => /dashboard: (\S+)/.test(output), 'the dashboard URL', 15_000);
  const url = /dashboard: (\S+)/.exec(output)![1]!;
  return { url, close: () => child.kill('SIGTERM') };
}

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium();
  directory = mkdtempSync(join(tmpdir(), 'plankeeper-browser-verified-'));
  writeFileSync(join(directory, 'check.mjs'), "console.log('all green');\n");
  storeUrl = `sqlite:${join(directory, 'plans.db')}`;
  store = await openStore(storeUrl);
  dashboard = await startDashboard('en');
  agent = new Client({ name: 'plankeeper-browser-verified-test', version: '1.0.0' });
  await agent.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [
        ...[command, 'mcp', '--store', storeUrl, '--agent', key.agent, '--session', key.session],
        ...['--verify', 'node check.mjs', '--verify-in', directory],
      ],
      cwd: directory,
      stderr: 'pipe',
    }),
  );
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await browser?.close();
  dashboard?.close();
  await store?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function say(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  return (result.content[0] as { text: string }).text;
}

async function openPlan(url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${url}#plan=${encodeURIComponent(encodePlanKey(key))}`);
  await page.locator('#detail-pane li.item').first().waitFor();
  return page;
}

/** What the page shows of the plan's verification, with durations as `N`. */
const SHOWN = `(() => {
  const text = (node) => (node ? node.textContent.replace(/\\d+\\.\\d/g, 'N') : null);
  const pane = document.querySelector('#detail-pane');
  const newest = pane.querySelector('li.revision');
  const line = pane.querySelector('.verification');
  return {
    verification: text(line),
    state: line && line.classList.contains('passed') ? 'passed' : 'other',
    evidence: [...pane.querySelectorAll('li.item')].map((item) => text(item.querySelector('.evidence'))),
    newest: text(newest && newest.querySelector('.tool')),
    newestCheck: newest ? newest.getAttribute('data-check') : null,
  };
})()`;

interface Shown {
  verification: string | null;
  state: 'passed' | 'other';
  evidence: (string | null)[];
  newest: string | null;
  newestCheck: string | null;
}

const shown = (page: Page) => page.evaluate(SHOWN) as Promise<Shown>;

const failing = {
  command: 'node check.mjs',
  outcome: 'failed' as const,
  exit: 1,
  durationMs: 2_000,
  tail: 'FAIL parser.test.ts',
  at: Date.now(),
  when: 'answer' as const,
  letThrough: true as const,
};

describe('dashboard: what verified the plan', () => {
  it('shows the check that verified the last completion, then a failed check let through', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    await say('todos_add', { todos: [{ content: 'Fix the parser' }, { content: 'Ship it' }] });
    const page = await openPlan(dashboard.url);
    expect((await shown(page)).verification).toBeNull();

    await say('todos_complete', { items: [{ id: '1', reason: 'fixed' }] });
    await say('todos_complete', { items: [{ id: '2', reason: 'shipped' }] });
    await expect
      .poll(() => shown(page), { timeout: 5000 })
      .toEqual({
        verification: 'verified: node check.mjs → exit 0 in N s, v2',
        state: 'passed',
        evidence: [null, 'verified by node check.mjs → exit 0 in N s, v2'],
        newest: 'todos_complete',
        newestCheck: null,
      });

    await new PlanEngine({ store }).recordCheck(key, failing);
    await expect
      .poll(() => shown(page), { timeout: 5000 })
      .toMatchObject({
        verification: 'check failed: node check.mjs → exit 1 in N s, v3, answer let through',
        state: 'other',
        newest: 'check before the answer: node check.mjs → exit 1 in N s, answer let through',
        newestCheck: 'failed',
      });
  }, 60_000);

  it('in Chinese (--lang zh)', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const chinese = await startDashboard('zh');
    try {
      const page = await openPlan(chinese.url);
      await page.locator('#detail-pane .verification').waitFor();
      expect(await shown(page)).toEqual({
        verification: '检查未通过：node check.mjs → 退出码 1，用时 N 秒，v3，答复已放行',
        state: 'other',
        evidence: [null, '验证：node check.mjs → 退出码 0，用时 N 秒，v2'],
        newest: '答复前的检查：node check.mjs → 退出码 1，用时 N 秒，答复已放行',
        newestCheck: 'failed',
      });
    } finally {
      chinese.close();
    }
  }, 60_000);
});
