import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** See plankeeper-bin.mjs: the built CLI, bridging what the hook branch adds. */
export const TEST_BIN = fileURLToPath(new URL('./plankeeper-bin.mjs', import.meta.url));

/** The hook calls (`hook <agent> <event>`) logged to `log`, one a line, deduplicated. */
export function hookEvents(log: string): string[] {
  if (!existsSync(log)) return [];
  return [...new Set(readFileSync(log, 'utf8').trim().split('\n'))];
}
