/**
 * `plankeeper mcp --for <agent>`: the plan key the MCP server uses inside a coding agent, the
 * same one that agent's hooks use, so hooks and tools meet on one plan:
 * - Claude Code: per call, the plan key its PreToolUse hook recorded for the call's
 *   `_meta["claudecode/toolUseId"]` (a sub-agent's scope, the session after /clear; see
 *   claude-code/tool-use-keys.ts); without a record (the hook not installed) the
 *   `CLAUDE_CODE_SESSION_ID` the server was started with, shared by sub-agents and stale
 *   after /clear;
 * - Codex names the session on every `tools/call` (`_meta.sessionId`; `threadId` differs in a
 *   sub-agent, whose hooks carry it as `agent_id`), so the key is chosen per call;
 * - Gemini CLI gives its MCP servers no session id: the session its hooks recorded for the
 *   parent CLI process (gemini/cli-process.ts), looked up per call. Gemini also adds
 *   `wait_for_previous` to every tool call, which is dropped;
 * - OpenCode gives its MCP servers no session id either: plankeeper's plugin writes the key
 *   into each plan tool call's arguments (opencode/session-arguments.ts), which are dropped
 *   before the tool sees them; a call without them gets the connection's own plan.
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import type { ToolCallInfo } from 'plankeeper/mcp';
import { recordedPlanKey } from '../claude-code/tool-use-keys.js';
import { cliSession } from '../gemini/cli-process.js';
import {
  opencodeCallKey,
  SCOPE_ARGUMENT,
  SESSION_ARGUMENT,
} from '../opencode/session-arguments.js';

export const MCP_AGENTS = ['claude-code', 'codex', 'gemini', 'opencode'] as const;
export type McpAgent = (typeof MCP_AGENTS)[number];

export interface McpKeying {
  agent: string;
  session?: string;
  keyForCall?: (call: ToolCallInfo) => PlanKey | undefined | Promise<PlanKey | undefined>;
  ignoredArguments?: readonly string[];
}

export function mcpKeyingFor(
  agent: McpAgent,
  env: NodeJS.ProcessEnv,
  engine: PlanEngine,
  parentPid = process.ppid,
): McpKeying {
  switch (agent) {
    case 'claude-code': {
      const session = env.CLAUDE_CODE_SESSION_ID?.trim();
      return {
        agent,
        ...(session && { session }),
        keyForCall: ({ meta }) => recordedPlanKey(engine, meta),
      };
    }
    case 'codex':
      return { agent, keyForCall: ({ meta }) => codexKey(meta) };
    case 'gemini':
      return {
        agent,
        ignoredArguments: ['wait_for_previous'],
        keyForCall: async () => {
          const session = await cliSession(engine, parentPid);
          return session === undefined ? undefined : { agent: 'gemini', session };
        },
      };
    case 'opencode':
      return {
        agent,
        ignoredArguments: [SESSION_ARGUMENT, SCOPE_ARGUMENT],
        keyForCall: ({ arguments: args }) => opencodeCallKey(args),
      };
  }
}

function codexKey(meta: Record<string, unknown> | undefined): PlanKey | undefined {
  const session = typeof meta?.sessionId === 'string' ? meta.sessionId : undefined;
  if (!session) return undefined;
  const thread = typeof meta?.threadId === 'string' ? meta.threadId : session;
  return { agent: 'codex', session, ...(thread !== session && { scope: [thread] }) };
}
