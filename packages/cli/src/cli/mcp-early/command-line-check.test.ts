import { Command } from 'commander';
import { LOCALE_IDS } from 'plankeeper';
import { EVIDENCE_MODES } from 'plankeeper/harness';
import { DISCIPLINES } from 'plankeeper/rules';
import { describe, expect, it } from 'vitest';
import { CODING_AGENT_NAMES } from '../../coding-agents/agent-names.js';
import { DEPENDENCY_MODES, TOOL_FAMILIES } from '../commands/mcp/mcp-settings.js';
import { parseMcpFlags, registerMcpCommand } from '../commands/mcp.js';
import { MCP_FLAG_VALUES, plausibleMcpArgs } from './command-line-check.js';

/** The flags that only HTTP takes: the early answers never serve HTTP. */
const HTTP_ONLY = ['--http', '--host', '--token', '--idle-timeout', '--max-sessions'];

function mcpCommand() {
  const program = new Command('plankeeper').exitOverride();
  registerMcpCommand(program);
  return program.commands.find((command) => command.name() === 'mcp')!;
}

/** What the real command does with `args`: accepts them, or names the usage error. */
function realVerdict(args: string[]): true | string {
  const command = mcpCommand()
    .exitOverride()
    .configureOutput({ writeErr: () => undefined })
    .action(() => undefined);
  try {
    command.parse(args, { from: 'user' });
    parseMcpFlags(command.opts(), {}, process.cwd());
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the command line check of the early answers', () => {
  it('knows every stdio flag of the mcp command, with the same kind of value', () => {
    const options = mcpCommand().options.filter((option) => !HTTP_ONLY.includes(option.long!));
    expect(Object.keys(MCP_FLAG_VALUES).sort()).toEqual(options.map((o) => o.long).sort());
    for (const option of options) expect(option.required || option.optional).toBe(true);
  });

  it('allows the values the command allows', () => {
    expect(MCP_FLAG_VALUES['--for']).toEqual(CODING_AGENT_NAMES);
    expect(MCP_FLAG_VALUES['--lang']).toEqual(LOCALE_IDS);
    expect(MCP_FLAG_VALUES['--tools']).toEqual(TOOL_FAMILIES);
    expect(MCP_FLAG_VALUES['--dependencies']).toEqual(DEPENDENCY_MODES);
    expect(MCP_FLAG_VALUES['--evidence']).toEqual(EVIDENCE_MODES);
    expect(MCP_FLAG_VALUES['--discipline']).toEqual(DISCIPLINES);
  });

  it.each([
    [['--bogus-flag']],
    [['--lang', 'xx']],
    [['--lang=xx']],
    [['--store']],
    [['--store', '  ']],
    [['--for', 'vim']],
    [['--tools', 'all']],
    [['--approval', 'always']],
    [['--verify', 'npm test', '--verify-timeout', '0']],
    [['--verify', 'npm test', '--verify-refusals', '21']],
    [['--host', '0.0.0.0']],
    [['extra']],
    [['--', '--store', 'memory']],
  ])('vouches for no command line the command refuses: %j', (args) => {
    expect(realVerdict(args)).not.toBe(true);
    expect(plausibleMcpArgs(args)).toBe(false);
  });

  it.each([
    [[]],
    [['--store', 'memory', '--lang', 'zh', '--tools=granular']],
    [['--for', 'claude-code', '--approval', '--lang', 'zh']],
    [['--for', 'claude-code', '--approval', 'on-change', '--discipline', 'strict']],
    [['--verify', 'npm test', '--verify-timeout', '3600', '--verify-refusals', '20']],
  ])('vouches for a command line the command accepts: %j', (args) => {
    expect(realVerdict(args)).toBe(true);
    expect(plausibleMcpArgs(args)).toBe(true);
  });
});
