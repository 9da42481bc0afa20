/**
 * Debian's headless Chromium for the page tests: where it is, the one line a run prints
 * when it is missing (the tests then fail with it rather than skip), and how to start it.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Set when the browser is missing: what to install. */
export const missingBrowser = existsSync(CHROMIUM)
  ? undefined
  : `Headless Chromium is missing at ${CHROMIUM}. Install Debian's "chromium" package (apt-get install chromium); the browser tests need it.`;

/** Starts it headless; `extra` flags go after the ones every page test needs. */
export function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', ...extra],
  });
}
