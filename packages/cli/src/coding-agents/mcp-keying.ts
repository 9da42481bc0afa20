/**
 * `plankeeper mcp --for <agent>`: the plan key the MCP server uses inside a coding agent, the
 * same one that agent's hooks use, so hooks and tools meet on one plan. Each agent's own
 * keying is in its descriptor (`mcpKeying` in <agent>/index.ts); the agents are registry.ts's.
 */
import type { PlanEngine } from 'plankeeper';
import { CODING_AGENT_NAMES, type CodingAgentName } from './agent-names.js';
import type { McpKeying } from './coding-agent.js';
import { CODING_AGENTS, codingAgent } from './registry.js';

export type { McpKeying } from './coding-agent.js';

export const MCP_AGENTS: readonly CodingAgentName[] = CODING_AGENT_NAMES;
export type McpAgent = CodingAgentName;

export function mcpKeyingFor(
  agent: McpAgent,
  env: NodeJS.ProcessEnv,
  engine: PlanEngine,
  parentPid = process.ppid,
): McpKeying {
  return codingAgent(startingAgent(agent, env)).mcpKeying(env, engine, parentPid);
}

/**
 * The agent that started this server: `named` (`--for`), unless the environment shows another
 * one did while not `named` itself. A `.mcp.json` entry serves every agent that reads the file
 * (Claude Code and Copilot CLI), whichever agent's setup wrote it, and each keeps its plans
 * under its own name. No other entry is shared, so another agent's marker elsewhere is only
 * inherited (Claude Code gives its session id to every process it starts: a Gemini CLI run
 * from its shell still starts its own server).
 */
export function startingAgent(named: McpAgent, env: NodeJS.ProcessEnv): McpAgent {
  const agent = codingAgent(named);
  if (!agent.readsMcpJson || (agent.startedBy?.(env) ?? false)) return named;
  return CODING_AGENTS.find((other) => other.readsMcpJson && other.startedBy?.(env))?.name ?? named;
}
