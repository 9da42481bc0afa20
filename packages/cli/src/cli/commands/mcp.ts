/**
 * `plankeeper mcp`: the plan tools as an MCP server, over stdio (default) or Streamable
 * HTTP (`--http PORT`). In stdio mode stdout carries protocol messages only, so every
 * log line goes to stderr.
 *
 * @example
 * plankeeper mcp --store sqlite:.plankeeper/plans.db
 * plankeeper mcp --store memory --session shared --lang zh
 * plankeeper mcp --session release --dependencies enforce
 * plankeeper mcp --store sqlite:.plankeeper/plans.db --list release-1.4
 * plankeeper mcp --plan-file PLAN.md
 * plankeeper mcp --for claude-code --verify "npm test" --verify "npm run lint"
 * plankeeper mcp --http 8765 --host 0.0.0.0 --token "$PLANKEEPER_MCP_TOKEN"
 */
import type { Command } from 'commander';
import { LOCALE_IDS } from 'plankeeper';
import { EVIDENCE_MODES } from 'plankeeper/harness';
import { MCP_AGENTS } from '../../coding-agents/mcp-keying.js';
import { MAX_ITEMS_HELP } from '../../coding-agents/plan-file-max-items.js';
import { checkOptions } from '../check-options.js';
import { PLAN_FILE_HELP } from '../plan-file-option.js';
import { STORE_FLAG_HELP } from '../store-option.js';
import {
  DEPENDENCY_MODES,
  type RawMcpFlags,
  TOKEN_ENV,
  TOOL_FAMILIES,
} from './mcp/mcp-settings.js';
import { parseMcpFlags } from './mcp/parse-mcp-flags.js';
import { runMcp } from './mcp/run-mcp.js';

export { mcpServerOptions } from './mcp/mcp-server-options.js';
export type { McpSettings, RawMcpFlags } from './mcp/mcp-settings.js';
export { parseMcpFlags } from './mcp/parse-mcp-flags.js';
export { runMcp } from './mcp/run-mcp.js';

export function registerMcpCommand(program: Command): void {
  defineMcpCommand(program).action(async (flags: RawMcpFlags) => {
    await runMcp(parseMcpFlags(flags, process.env, process.cwd()));
  });
}

/** `mcp` and its options on `program`, without an action: the resident reads words with it too. */
export function defineMcpCommand(program: Command): Command {
  const command = program
    .command('mcp')
    .description('Serve the plan tools over MCP: stdio by default, Streamable HTTP with --http.')
    .option('--store <url>', STORE_FLAG_HELP)
    .option('--session <id>', 'session for every connection (default: one per connection)')
    .option('--agent <name>', 'agent part of the plan key (default: mcp)')
    .option(
      '--for <agent>',
      `serve inside a coding agent, keyed by its own session ids: ${MCP_AGENTS.join(', ')}`,
    )
    .option(
      '--list <name>',
      'share one plan among every session naming this list; items a session starts are its own',
    )
    .option('--plan-file <path>', PLAN_FILE_HELP)
    .option('--max-items <n>', MAX_ITEMS_HELP)
    .option('--tools <family>', `tools to offer: ${TOOL_FAMILIES.join(', ')} (default: both)`)
    .option('--preset <family>', 'renamed --tools in 0.3; still read this release')
    .option(
      '--lang <id>',
      `language of tools and instructions: ${LOCALE_IDS.join(', ')} (default: en)`,
    )
    .option(
      '--dependencies <mode>',
      `how blockedBy constrains order: ${DEPENDENCY_MODES.join(', ')} (default: warn)`,
    )
    .option('--evidence <level>', `evidence rule: ${EVIDENCE_MODES.join(', ')} (default: off)`)
    .option(
      '--evidence-from <source>',
      'what counts as evidence under --evidence enforce: calls (default) or checks (a pass of --verify)',
    );
  for (const option of checkOptions(
    'the current folder, or with --for the agent project',
    'run when an item tagged [verify] or the last open item is completed, and with --for before the agent may answer after changing files',
  )) {
    command.addOption(option);
  }
  command
    .option(
      '--discipline <preset>',
      'light, standard (default) or strict: the preset as in every host; here its result echo (light: none) and, with --for, its evidence rule (strict: warn)',
    )
    .option('--http <port>', 'serve Streamable HTTP at /mcp on this port (0: any free port)')
    .option('--host <host>', 'HTTP bind address (default: 127.0.0.1)')
    .option('--token <token>', `HTTP bearer token clients must send (default: $${TOKEN_ENV})`)
    .option(
      '--idle-timeout <minutes>',
      'HTTP: close a session unused this long; its plan stays stored (default: 30; 0: never)',
    )
    .option(
      '--approval [when]',
      'the host holds other tools until a person approves the plan (once or on-change); write results say when it waits',
    )
    .option('--max-sessions <n>', 'HTTP: most sessions open at once; more get 503 (default: 100)');
  return command;
}
