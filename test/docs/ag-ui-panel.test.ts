/**
 * The AG-UI example end to end: plankeeper's run served over SSE (`@ag-ui/encoder`) by
 * examples/ag-ui-panel/server.ts, consumed by `HttpAgent` from `@ag-ui/client` in Node, and
 * by the panel page (the same client, bundled for the browser) in headless Chromium, which
 * must show the plan the scripted agent wrote.
 */
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import { planAgUiState } from 'plankeeper/ag-ui';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAN, demoHost } from '../../examples/ag-ui-panel/demo-host.js';
import { type PanelServer, startPanelServer } from '../../examples/ag-ui-panel/server.js';
import {
  launchChromium,
  missingBrowser,
} from '../../packages/cli/test/dashboard/support/headless-chromium.js';

describe('AG-UI over HTTP', () => {
  let server: PanelServer;
  const host = demoHost();
  beforeAll(async () => {
    server = await startPanelServer(host);
  });
  afterAll(() => server.close());

  it('streams the run over SSE to HttpAgent, whose state is the stored plan', async () => {
    const agent = new HttpAgent({ url: `${server.url}/agent`, threadId: 'http-1' });
    agent.addMessage({ id: 'u1', role: 'user', content: 'Fix the date parser' });
    const types: string[] = [];
    const result = await agent.runAgent(
      {},
      {
        onEvent: ({ event }: { event: BaseEvent }) => void types.push(event.type),
      },
    );
    expect(types[0]).toBe(EventType.RUN_STARTED);
    expect(types.filter((type) => type === EventType.STATE_DELTA).length).toBeGreaterThanOrEqual(3);
    expect(types).toContain(EventType.TOOL_CALL_RESULT);
    expect(types.at(-1)).toBe(EventType.RUN_FINISHED);
    expect(result.result).toMatch(/the DST test and the changelog are still open/);
    const key = host.keyFor('http-1');
    expect(agent.state).toEqual(planAgUiState(key, await host.engine.snapshot(key)));
    expect(agent.messages.some((message) => message.role === 'assistant')).toBe(true);
  });

  it('answers a body that is no run input with 400 and one line', async () => {
    const response = await fetch(`${server.url}/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 1 }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('The run input is not an AG-UI RunAgentInput.');
  });
});

describe('the panel page in headless Chromium', () => {
  it('renders the plan the agent wrote, with each item’s status', { timeout: 60_000 }, async () => {
    expect(missingBrowser).toBeUndefined();
    const server = await startPanelServer(demoHost());
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.fill('#task', 'Fix the failing date test');
      await page.click('button');
      await page.waitForSelector('body[data-run="finished"]', { timeout: 20_000 });
      const rows = await page.$$eval('#plan li', (items) =>
        items.map((item) => [item.className, item.textContent]),
      );
      expect(rows).toEqual([
        ['completed', `✓${DEMO_PLAN[0]}`],
        ['completed', `✓${DEMO_PLAN[1]}`],
        ['in_progress', `▶${DEMO_PLAN[2]}`],
        ['pending', `○${DEMO_PLAN[3]}`],
      ]);
      expect(await page.textContent('#progress')).toBe('2/4');
      expect(await page.textContent('#chat')).toContain(
        'the DST test and the changelog are still open',
      );
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
