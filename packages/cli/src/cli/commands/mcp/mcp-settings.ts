/**
 * `plankeeper mcp`'s flags as commander hands them over, and the settings they become
 * once checked: what the server is started with.
 */
import type { DependencyMode, EvidenceMode, LocaleId, PlanToolFamily } from 'plankeeper';
import type { McpAgent } from '../../../coding-agents/mcp-keying.js';

export const TOOL_FAMILIES: readonly PlanToolFamily[] = ['whole-list', 'granular', 'both'];
export const DEPENDENCY_MODES: readonly DependencyMode[] = ['off', 'warn', 'enforce'];
export const TOKEN_ENV = 'PLANKEEPER_MCP_TOKEN';

/** Flags as commander hands them over. */
export interface RawMcpFlags {
  store?: string;
  session?: string;
  agent?: string;
  tools?: string;
  /** Renamed --tools in 0.3. */
  preset?: string;
  lang?: string;
  http?: string;
  host?: string;
  token?: string;
  idleTimeout?: string;
  maxSessions?: string;
  for?: string;
  dependencies?: string;
  list?: string;
  planFile?: string;
  maxItems?: string;
  evidence?: string;
  evidenceFrom?: string;
  /** Repeatable. */
  verify?: string | string[];
  verifyIn?: string;
  verifyTimeout?: string;
  verifyRefusals?: string;
  approval?: string | boolean;
  discipline?: string;
}

export interface McpSettings {
  store: string;
  session?: string;
  agent: string;
  /** Inside this coding agent: its session ids key the plans (see mcp-keying). */
  for?: McpAgent;
  /** Every session naming this list shares its plan; each session owns the items it starts. */
  list?: string;
  /** The list's plan kept in this Markdown file (absolute); `list` is then the file's name. */
  planFile?: string;
  /** Most items the plan file may hold (`--max-items`); unset: the engine's default. */
  maxItems?: number;
  tools: PlanToolFamily;
  locale: LocaleId;
  /** How `blockedBy` constrains order; unset: the engine's default. */
  dependencies?: DependencyMode;
  /** The evidence rule for plan writes (calls recorded by the agent's hooks count). */
  evidence?: EvidenceMode;
  /** `checks`: under `enforce`, a completion counts only when the `verify` commands pass. */
  evidenceFrom?: 'checks';
  /**
   * The person's check commands, run in `verifyIn` at a tagged or the final completion, and,
   * inside a coding agent, by its stop hook before the model may answer.
   */
  verify?: readonly string[];
  verifyIn?: string;
  /** Seconds each check may run; absent: the default. */
  verifyTimeoutSec?: number;
  /** Refusals of one turn's answers before it goes through; absent: the default. */
  verifyRefusals?: number;
  /** The host holds other tools until a person approves the plan; results say when it waits. */
  approval?: 'once' | 'on-change';
  /** The preset, which the agent's hooks served by this server (`hostTools`) follow too. */
  discipline?: 'light' | 'standard' | 'strict';
  /**
   * Whether write results end with the updated list (the MCP server's one plan view, since MCP
   * hosts do not inject a plan section): off only under `--discipline light`. `--discipline`
   * also sets `evidence` (the preset's rule) when `--evidence` does not and `--for` is given.
   */
  echoPlan: boolean;
  http?: {
    port: number;
    host: string;
    token?: string;
    sessionIdleMs: number;
    maxSessions: number;
  };
}
