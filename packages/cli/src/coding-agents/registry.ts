/**
 * The coding agents plankeeper supports: the one list. `plankeeper setup`, `plankeeper hook`,
 * `plankeeper mcp --for`, the setup report and the README's table all read it, so adding an
 * agent is its folder plus one line here (docs/adding-a-coding-agent.md). Before this list an
 * agent lived in two folders and took edits to six to eight shared files (three lists of
 * agents, the setup command, run-setup, the report's notes, a case in the MCP keying, and for
 * Gemini CLI branches in run-hook and the bin); the contract suite
 * (test/coding-agents/contract/) checks every agent listed here.
 *
 * Only what needs every agent imports this file (the commands, the hook, the setup entry,
 * mcp-keying.ts); an agent's folder and the shared helpers never do: the names they need are
 * agent-names.ts's, so no import runs back up from an agent to this list.
 */
import type { CODING_AGENT_NAMES, CodingAgentName } from './agent-names.js';
import { claudeCode } from './claude-code/index.js';
import { codex } from './codex/index.js';
import type { CodingAgentDescriptor } from './coding-agent.js';
import { copilot } from './copilot/index.js';
import { gemini } from './gemini/index.js';
import { opencode } from './opencode/index.js';
import { pi } from './pi/index.js';

/** One descriptor per name, in the names' order. */
type DescriptorsOf<Names extends readonly string[]> = {
  readonly [I in keyof Names]: CodingAgentDescriptor<Names[I] & string>;
};

/** Each descriptor named as agent-names.ts lists it, in that order (checked by the compiler). */
export const CODING_AGENTS = [
  claudeCode,
  codex,
  gemini,
  opencode,
  copilot,
  pi,
] as const satisfies DescriptorsOf<typeof CODING_AGENT_NAMES>;

/** The descriptor of the agent called `name`; undefined for a name plankeeper does not know. */
export function findCodingAgent(name: string): CodingAgentDescriptor<CodingAgentName> | undefined {
  return CODING_AGENTS.find((agent) => agent.name === name);
}

/** The descriptor of an agent already checked to be one of ours. */
export function codingAgent(name: CodingAgentName): CodingAgentDescriptor<CodingAgentName> {
  const agent = findCodingAgent(name);
  if (!agent) throw new Error(`no coding agent ${JSON.stringify(name)}`);
  return agent;
}
