/**
 * Another site's page, in headless Chromium, tries to change a plan through the visitor's
 * browser: a simple no-cors POST (which the browser sends, marked cross-site) and a JSON
 * POST (which needs a CORS preflight the dashboard never grants). Neither changes the plan;
 * the dashboard's own page, from its own origin, still can. And a wrong token is refused.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePlanKey, MemoryPlanStore, PlanEngine } from 'plankeeper';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardServer, type DashboardServer } from '../../src/dashboard/index.js';
import { launchChromium, missingBrowser } from './support/headless-chromium.js';

const key = { agent: 'coder', session: 'csrf' };
let browser: Browser;
let engine: PlanEngine;
let dashboard: DashboardServer;
let evil: Server;
let evilUrl: string;

beforeAll(async () => {
  if (missingBrowser) return;
  browser = await launchChromium();
  engine = new PlanEngine({ store: new MemoryPlanStore() });
  // Written by a host that holds its tools for approval, so the page offers Approve.
  await engine.add(key, [{ content: 'Find the bug' }, { content: 'Fix it' }], {
    approval: 'once',
  });
  dashboard = await createDashboardServer({ store: engine.store });
  evil = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>another site</title>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  // Another port is another origin; "localhost" makes it another site as well.
  evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}/`;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.close();
  await new Promise((resolve) => evil?.close(resolve));
});

describe('dashboard: changes from another site', () => {
  it('are refused in the browser, while the dashboard’s own page may change the plan', async () => {
    if (missingBrowser) throw new Error(missingBrowser);
    const page = await browser.newPage();
    await page.goto(evilUrl);
    const target = new URL('/api/plan/edit', dashboard.url).href;
    const body = JSON.stringify({ key: encodePlanKey(key), edit: { kind: 'approve' } });
    const outcomes = await page.evaluate(
      async ([url, json]) => {
        const simple = await fetch(url, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: json,
        }).then(
          (response) => `sent (${response.type})`,
          (error) => `failed: ${error}`,
        );
        const withJson = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: json,
        }).then(
          (response) => `answered ${response.status}`,
          () => 'blocked',
        );
        return { simple, withJson };
      },
      [target, body] as const,
    );
    // The simple request went out (its answer is opaque to the page), the JSON one was
    // stopped by the browser at the preflight.
    expect(outcomes).toEqual({ simple: 'sent (opaque)', withJson: 'blocked' });
    expect((await engine.snapshot(key)).version).toBe(1);
    expect((await engine.history(key)).map((revision) => revision.source.tool)).toEqual([
      'todos_add',
    ]);

    // The dashboard's own page, same origin: the change goes through.
    const own = await browser.newPage();
    await own.goto(`${dashboard.url}#plan=${encodeURIComponent(encodePlanKey(key))}`);
    await own.click('button[data-action="approve"]');
    await expect.poll(async () => (await engine.snapshot(key)).version).toBe(2);
  }, 30_000);

  it('a wrong token is refused like none', async () => {
    const guarded = await createDashboardServer({ store: engine.store, token: 'right-token' });
    try {
      const post = (authorization?: string) =>
        fetch(new URL('/api/plan/edit', guarded.url), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(authorization && { authorization }),
          },
          body: JSON.stringify({ key: encodePlanKey(key), edit: { kind: 'done', id: '1' } }),
        }).then((response) => response.status);
      expect(await post()).toBe(401);
      expect(await post('Bearer wrong-token')).toBe(401);
      expect((await engine.snapshot(key)).items[0]?.status).toBe('pending');
      expect(await post('Bearer right-token')).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
