/**
 * plankeeper's parts laid into the program's own SDK options, dropping nothing of theirs:
 * its MCP server beside theirs, its tools added to the allowed ones (no permission prompt)
 * and to each sub-agent that lists its own tools, its hook callbacks after theirs.
 */

import type { PlanHooks } from './plan-hooks.js';
import type { AgentDefinition, McpSdkServerConfigWithInstance, Options } from './sdk-types.js';

export interface PlanParts {
  server: McpSdkServerConfigWithInstance;
  toolNames: readonly string[];
  hooks: PlanHooks;
}

export function mergeOptions(base: Options, parts: PlanParts): Options {
  const hooks: PlanHooks = { ...base.hooks };
  for (const event of Object.keys(parts.hooks) as (keyof PlanHooks)[]) {
    hooks[event] = [...(base.hooks?.[event] ?? []), ...(parts.hooks[event] ?? [])];
  }
  return {
    ...base,
    mcpServers: { ...base.mcpServers, plankeeper: parts.server },
    allowedTools: union(base.allowedTools ?? [], parts.toolNames),
    hooks,
    ...(base.agents && {
      agents: Object.fromEntries(
        Object.entries(base.agents).map(([name, agent]: [string, AgentDefinition]) => [
          name,
          // An agent without a list inherits every tool, plankeeper's too.
          agent.tools ? { ...agent, tools: union(agent.tools, parts.toolNames) } : agent,
        ]),
      ),
    }),
  };
}

function union(mine: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...mine, ...added])];
}
