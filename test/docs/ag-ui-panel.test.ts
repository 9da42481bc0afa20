/**
 * The AG-UI example end to end: plankeeper's run served over SSE (`@ag-ui/encoder`) by
 * examples/ag-ui-panel/server.ts, consumed by `HttpAgent` from `@ag-ui/client` in Node, and
 * by the panel page (the same client, bundled for the browser) in headless Chromium, which
 * must show the plan the scripted agent wrote.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import { PlanEngine } from 'plankeeper';
import { planAgUiState } from 'plankeeper/ag-ui';
import { ScriptedModel } from 'plankeeper/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planEndpoint } from '../../examples/ag-ui.js';
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

describe('examples/ag-ui.ts (the README’s endpoint)', () => {
  it('serves a run that HttpAgent reads, the plan in its state', async () => {
    const engine = new PlanEngine();
    const model = new ScriptedModel([
      { tool: 'todo_write', args: { todos: [{ content: 'Look it up', status: 'completed' }] } },
      { final: 'Thirty days.' },
    ]);
    const endpoint = planEndpoint(model, engine);
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      await endpoint(JSON.parse(Buffer.concat(chunks).toString('utf8')), response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const agent = new HttpAgent({ url: `http://127.0.0.1:${port}/`, threadId: 't1' });
      agent.addMessage({ id: 'u1', role: 'user', content: 'How long is the return window?' });
      const { result } = await agent.runAgent();
      expect(result).toBe('Thirty days.');
      expect(agent.state).toMatchObject({
        plankeeper: {
          planKey: { agent: 'agent', session: 't1' },
          items: [{ content: 'Look it up' }],
        },
        steps: [{ description: 'Look it up', status: 'completed' }],
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
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
