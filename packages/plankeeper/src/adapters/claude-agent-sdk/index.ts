/**
 * plankeeper/claude-agent-sdk: plan-keeping for programs built on the Claude Agent SDK,
 * in-process. `options(base)` adds the plan tools as an in-process MCP server named
 * `plankeeper` (`mcp__plankeeper__todo_write`, …, allowed without a prompt) and the
 * discipline as hook callbacks (the plan at each request, the nudge, the finish and goal
 * checks, the person's checks before done with `verify`, sub-agent scopes, approval),
 * keeping the program's own hooks, servers and tools.
 * Plans are keyed `{agent: 'claude-agent-sdk', session: <SDK session id>}` unless `key` is given.
 *
 * @example
 * import { query } from '@anthropic-ai/claude-agent-sdk';
 * import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
 *
 * const planner = createPlankeeper({ discipline: 'standard' });
 * for await (const message of query({
 *   prompt: 'Rename the config loader and update its callers',
 *   options: planner.options({ allowedTools: ['Read', 'Edit'] }),
 * })) {
 *   if (message.type === 'result') console.log(message.result);
 * }
 */
export {
  createPlankeeper,
  type Plankeeper,
  type PlankeeperOptions,
  type SdkApprovalOption,
} from './create-plankeeper.js';
