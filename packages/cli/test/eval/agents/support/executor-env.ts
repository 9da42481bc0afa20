/** The environment the executor tests give `agentExecutor`. */
import { delimiter, dirname } from 'node:path';

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
