import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * See test-bin/plankeeper.js: the real bin, logging each hook event it runs. Named
 * plankeeper.js like the real bin, since setup recognises its own hooks by that name.
 */
export const TEST_BIN = fileURLToPath(new URL('./test-bin/plankeeper.js', import.meta.url));

/** The hook calls (`hook <agent> <event>`) logged to `log`, one a line, deduplicated. */
export function hookEvents(log: string): string[] {
  if (!existsSync(log)) return [];
  return [...new Set(readFileSync(log, 'utf8').trim().split('\n'))];
}

/** Every hook call logged to `log`, in order, one per process the agent started. */
export function hookCalls(log: string): string[] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8').trim().split('\n');
}
