/**
 * What the coding-agent contract suite (contract/coding-agent-contract.test.ts) needs of each
 * agent besides its descriptor: recorded inputs, in `<agent>/contract-inputs.ts`.
 */
import { readFileSync } from 'node:fs';
import type { PlanEngine } from 'plankeeper';
import type { ToolCallInfo } from 'plankeeper/mcp';

export type HookInput = Record<string, unknown>;

export interface CodingAgentContractInputs {
  /** One hook input the agent sends, as recorded, for every event its descriptor declares. */
  events: Readonly<Record<string, HookInput>>;
  /**
   * One MCP tool call inside the agent as it tells the server the session (the server's
   * environment, its parent process, the call, whatever a hook recorded for it first), and
   * the session the call must be keyed by.
   */
  mcpCall(engine: PlanEngine): Promise<{
    env: NodeJS.ProcessEnv;
    parentPid: number;
    call: ToolCallInfo;
    session: string;
  }>;
}

/** A recorded hook input: `test/coding-agents/<agent>/fixtures/<name>.json`. */
export function fixture(agent: string, name: string): HookInput {
  return JSON.parse(
    readFileSync(new URL(`../${agent}/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as HookInput;
}

/** The fixture of each event named as the event itself. */
export function fixturesByEvent(
  agent: string,
  events: readonly string[],
): Record<string, HookInput> {
  return Object.fromEntries(events.map((event) => [event, fixture(agent, event)]));
}
