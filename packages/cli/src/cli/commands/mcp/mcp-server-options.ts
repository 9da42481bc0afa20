/** The MCP server's options `plankeeper mcp` serves with, from its checked settings. */
import type { PlanEngine } from 'plankeeper';
import { hookHostTools } from '../../../coding-agents/hook/mcp-host-tools.js';
import { mcpKeyingFor, startingAgent } from '../../../coding-agents/mcp-keying.js';
import { commandVerifier } from '../../../verify/command-verifier.js';
import type { McpSettings } from './mcp-settings.js';

/** The MCP server's options for `settings` on `engine`: what `plankeeper mcp` serves. */
export function mcpServerOptions(settings: McpSettings, engine: PlanEngine) {
  const agent = settings.for && startingAgent(settings.for, process.env);
  return {
    engine,
    agent: settings.agent,
    tools: settings.tools,
    locale: settings.locale,
    ...(settings.approval !== undefined && {
      approval: { again: settings.approval },
    }),
    echoPlan: settings.echoPlan,
    ...(settings.session !== undefined && { session: settings.session }),
    ...(settings.list !== undefined && { list: settings.list }),
    ...(agent && mcpKeyingFor(agent, process.env, engine)),
    ...(settings.evidence && { evidence: settings.evidence }),
    ...checkOptions(settings),
    // Inside a coding agent its hooks keep the turn record beside the plan: one record of
    // what the model has seen, and the other tool calls that count as evidence.
    ...(settings.for !== undefined && { turnRecordsInStore: true }),
    // Hooks the agent sends here (Claude Code's mcp_tool hooks), with the options setup gives
    // its command hooks too.
    ...(settings.for !== undefined && {
      hostTools: hookHostTools(
        {
          agent: agent as string,
          ...(settings.locale === 'zh' && { lang: 'zh' }),
          ...(settings.list !== undefined && { list: settings.list }),
          // The guard of the plan file against the model's own edits (absolute here).
          ...(settings.planFile !== undefined && { planFile: settings.planFile }),
          ...(settings.maxItems !== undefined && { maxItems: settings.maxItems }),
          ...(settings.approval !== undefined && { approval: settings.approval }),
          ...(settings.discipline !== undefined && { discipline: settings.discipline }),
          store: settings.store,
          // The agent's stop hook, answered here, runs the same checks (hook-args.ts).
          ...(settings.verify && {
            verify: settings.verify,
            ...(settings.verifyIn && { verifyIn: settings.verifyIn }),
            ...(settings.verifyTimeoutSec !== undefined && {
              verifyTimeoutSec: settings.verifyTimeoutSec,
            }),
            ...(settings.verifyRefusals !== undefined && {
              verifyRefusals: settings.verifyRefusals,
            }),
          }),
        },
        engine.store,
        { http: settings.http !== undefined, env: process.env },
      ),
    }),
  };
}

/**
 * The person's check commands as the server runs them: each a completion verifier (a tagged
 * or the final completion), and with `--evidence-from checks` the evidence that counts.
 */
function checkOptions(settings: McpSettings) {
  const commands = (settings.verify ?? []).map((command) => ({
    command,
    ...(settings.verifyIn && { cwd: settings.verifyIn }),
    ...(settings.verifyTimeoutSec !== undefined && {
      timeoutMs: settings.verifyTimeoutSec * 1000,
    }),
  }));
  if (commands.length === 0) return {};
  return {
    verifiers: commands.map((command) => commandVerifier(command)),
    ...(settings.evidenceFrom && { evidenceFrom: settings.evidenceFrom, verify: commands }),
  };
}
