/**
 * `plankeeper mcp --for <agent>`: the plan key the MCP server uses inside a coding agent, the
 * same one that agent's hooks use, so hooks and tools meet on one plan. Each agent's own
 * keying is in its descriptor (`mcpKeying` in <agent>/index.ts); the agents are registry.ts's.
 */
import type { PlanEngine } from 'plankeeper';
import type { McpKeying } from '../coding-agent.js';
import { CODING_AGENT_NAMES, type CodingAgentName, codingAgent } from '../registry.js';

export type { McpKeying } from '../coding-agent.js';

export const MCP_AGENTS: readonly CodingAgentName[] = CODING_AGENT_NAMES;
export type McpAgent = CodingAgentName;

export function mcpKeyingFor(
  agent: McpAgent,
  env: NodeJS.ProcessEnv,
  engine: PlanEngine,
  parentPid = process.ppid,
): McpKeying {
  return codingAgent(agent).mcpKeying(env, engine, parentPid);
}
