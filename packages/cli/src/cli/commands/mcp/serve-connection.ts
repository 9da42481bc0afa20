/**
 * One MCP connection served by a process that is already running (the resident of
 * coding-agents/hook-route/mcp-route.ts), from the words of the `plankeeper mcp …` command
 * setup wrote as the agent's MCP server, read as that command reads them.
 */
import { Command } from 'commander';
import { defineMcpCommand } from '../mcp.js';
import type { McpSettings, RawMcpFlags } from './mcp-settings.js';
import { parseMcpFlags } from './parse-mcp-flags.js';

export { serveMcpOver } from './run-mcp.js';

/**
 * The settings of `words` (`… mcp [options]`), or undefined when they are no stdio `mcp`
 * command this version reads: then the relay runs the command itself, which says what is wrong.
 */
export function mcpSettingsOf(
  words: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): McpSettings | undefined {
  const at = words.indexOf('mcp');
  if (at < 0) return undefined;
  const silent = { writeOut: () => {}, writeErr: () => {} };
  const program = new Command().exitOverride().configureOutput(silent);
  let flags: RawMcpFlags | undefined;
  defineMcpCommand(program).action((given: RawMcpFlags) => {
    flags = given;
  });
  try {
    program.parse(words.slice(at), { from: 'user' });
    const settings = flags && parseMcpFlags(flags, env, cwd);
    return settings && settings.http === undefined ? settings : undefined;
  } catch {
    return undefined;
  }
}
