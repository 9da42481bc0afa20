/**
 * The `hook` host tool of `plankeeper mcp --for <agent>`, for an agent whose hooks can call
 * its MCP server (Claude Code's `mcp_tool` hooks, claude-code/mcp-tool-hooks.ts): each call
 * is one hook event, answered by the rules of `plankeeper hook` on the server's open store,
 * failing open the same way, with the same output the command hook prints.
 */
import type { PlanStore } from 'plankeeper';
import { hookStore } from 'plankeeper/hooks';
import type { HostTool } from 'plankeeper/mcp';
import { MCP_HOOK_TOOL } from '../coding-agent.js';
import { codingAgent } from '../registry.js';
import type { HookArgs } from './hook-args.js';
import { answerHookInProcess } from './run-hook.js';

/**
 * The hook options the server shares with the agent's command hooks (setup writes both).
 * `store` only says which files are plankeeper's own, not work the checks look at: the server
 * answers on the store it has open.
 */
export type HookToolOptions = Omit<HookArgs, 'event' | 'nudgeAfter'>;

export function hookHostTools(
  options: HookToolOptions,
  store: PlanStore,
  stderr: { write(text: string): unknown } = process.stderr,
): Record<string, HostTool> {
  const read = codingAgent(options.agent as Parameters<typeof codingAgent>[0]).mcpHookInput;
  if (!read) return {};
  // A lock held by another process must not stop the server's other calls (hook-lock-wait.ts).
  const lockWaiting = hookStore(store);
  return {
    [MCP_HOOK_TOOL]: async (args) => {
      const call = read(args);
      if (!call) {
        stderr.write(
          'plankeeper hook: a hook call named no event it answers (answered neutrally)\n',
        );
        return '';
      }
      return answerHookInProcess({ ...options, event: call.event }, call.input, lockWaiting, {
        stderr,
        env: process.env,
        cwd: process.cwd(),
      });
    },
  };
}
