/**
 * Takes the README's picture of the panel: a real run of the scripted agent served over
 * AG-UI, the page (a real `@ag-ui/client` front end) in headless Chromium, the message sent
 * as a person would type it, and the screenshot once the run has finished.
 * Run: `npm run screenshot:ag-ui` (writes docs/images/ag-ui-panel.png).
 */
import { chromium } from 'playwright-core';
import { demoHost } from './demo-host.js';
import { startPanelServer } from './server.js';

const output = new URL('../../docs/images/ag-ui-panel.png', import.meta.url);

const server = await startPanelServer(demoHost());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 480 } });
  await page.goto(server.url);
  await page.fill('#task', 'Fix the failing date test');
  await page.click('button');
  await page.waitForSelector('body[data-run="finished"]', { timeout: 20_000 });
  await page.locator('main').screenshot({ path: output.pathname });
  process.stdout.write(`Wrote ${output.pathname}\n`);
} finally {
  await browser.close();
  await server.close();
}
