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

/** How the server was reached: over HTTP, and the environment it was started with. */
export interface HookToolHost {
  http: boolean;
  env: NodeJS.ProcessEnv;
}

/**
 * Why no hook call to this server is answered, or undefined when its caller is the host.
 *
 * The tool is bound as the command hook is: to the agent that started the process. Over
 * stdio only the process that started the server can call it, and the agent marks the servers
 * it starts (Claude Code gives them its session id); so a call over HTTP, where any client may
 * connect, or to a server no agent started (a stray MCP client, another agent sharing the
 * entry) is refused. The model never sees the tool (it is not in tools/list, and the agent
 * calls no tool it did not list). A per-start secret would add nothing: the agent can only put
 * constants from its settings file into the call, which any reader of the project sees, and a
 * local process able to start the server with the agent's environment could as well run
 * `plankeeper hook` or open the store. The session is not matched against the agent's own:
 * after /clear the agent keeps the server, started under the old session id.
 */
function unbound(agent: string, host: HookToolHost): string | undefined {
  if (host.http) return 'over HTTP, where no agent started the server';
  const startedBy = codingAgent(agent as Parameters<typeof codingAgent>[0]).startedBy;
  if (startedBy && !startedBy(host.env)) return `to a server ${agent} did not start`;
  return undefined;
}

/**
 * The answer that says nothing, where the command hook prints nothing: the hook output its
 * reference names for "nothing". Claude Code reads an empty text as plain text, and a
 * do-nothing server answering that cost it more per tool call than one answering `{}`
 * (docs/measurements.md, section 12).
 */
const NOTHING_SAID = '{}';

export function hookHostTools(
  options: HookToolOptions,
  store: PlanStore,
  host: HookToolHost,
  stderr: { write(text: string): unknown } = process.stderr,
): Record<string, HostTool> {
  const read = codingAgent(options.agent as Parameters<typeof codingAgent>[0]).mcpHookInput;
  if (!read) return {};
  const refusal = unbound(options.agent, host);
  // A lock held by another process must not stop the server's other calls (hook-lock-wait.ts).
  const lockWaiting = hookStore(store);
  const answer = async (args: Record<string, unknown>): Promise<string> => {
    if (refusal !== undefined) {
      stderr.write(`plankeeper hook: refused a hook call ${refusal} (answered neutrally)\n`);
      return '';
    }
    const call = read(args);
    if (call && typeof call.input.session_id !== 'string') {
      stderr.write('plankeeper hook: refused a hook call without the agent’s session id\n');
      return '';
    }
    if (!call) {
      stderr.write('plankeeper hook: a hook call named no event it answers (answered neutrally)\n');
      return '';
    }
    return answerHookInProcess({ ...options, event: call.event }, call.input, lockWaiting, {
      stderr,
      env: process.env,
      cwd: process.cwd(),
    });
  };
  return {
    [MCP_HOOK_TOOL]: async (args) => {
      const output = await answer(args);
      return output === '' ? NOTHING_SAID : output;
    },
  };
}
