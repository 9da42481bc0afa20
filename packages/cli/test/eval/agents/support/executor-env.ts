/** The environment and the runs folder the executor tests give `agentExecutor`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** Every run's folder (transcript, home) of one test file, removed after it. */
export const RUNS_DIR = mkdtempSync(join(tmpdir(), 'pk-eval-runs-'));
afterAll(() => rmSync(RUNS_DIR, { recursive: true, force: true, maxRetries: 3 }));

/**
 * Node first on PATH (hooks and MCP servers run `node`), no retries of a failing endpoint, and
 * every proxy variable of the CLI at `refusingProxy`, so anything that is not the endpoint
 * (reached through the executor's local proxy, which is exempt) is refused at once.
 */
export function testEnv(refusingProxy: string): NodeJS.ProcessEnv {
  return {
    PATH: [dirname(process.execPath), process.env.PATH].join(delimiter),
    PLANKEEPER_EVAL_ENV_CLAUDE_CODE_MAX_RETRIES: '0',
    PLANKEEPER_EVAL_ENV_API_TIMEOUT_MS: '20000',
    PLANKEEPER_EVAL_ENV_HTTPS_PROXY: refusingProxy,
    PLANKEEPER_EVAL_ENV_HTTP_PROXY: refusingProxy,
  };
}
