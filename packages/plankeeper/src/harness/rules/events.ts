/**
 * What a host tells the rules (events) and what the rules tell the host (answers). Every
 * host speaks this vocabulary: PlanHarness for the own loop and the framework adapters,
 * each coding agent's hook adapter for its own hook format.
 */
import type { ChecksAtAnswer } from './checks-record.js';

export type HostEvent =
  /** A session (re)started; `source`: startup, resume, clear or compact (the agent's words). */
  | { kind: 'session-start'; source: string }
  /**
   * A user turn starts with its request; `turn` is the host's id for it, when it has one.
   * `workspace`: the workspace's fingerprint now, from a host that runs the person's checks.
   */
  | { kind: 'prompt'; text: string; turn?: string; workspace?: string }
  /**
   * A tool call finished. `isPlanTool`: one of plankeeper's tools (a read counts as using
   * the plan). `endsRound` (default true): the call is a whole round by itself, as in a hook
   * that sees one call at a time; a host that sees a reply's calls together sends `false`
   * and a `round-done` when all have run.
   */
  | {
      kind: 'tool-done';
      tool: string;
      ok: boolean;
      isPlanWrite: boolean;
      isPlanTool?: boolean;
      endsRound?: boolean;
    }
  /**
   * A plan tool's result goes back to the model, from a host that serves the plan tools
   * itself (the MCP server); `version`: the plan version the result shows.
   */
  | { kind: 'plan-result'; tool: string; ok: boolean; isPlanWrite: boolean; version: number }
  /** Every tool call of one model reply has run. */
  | { kind: 'round-done' }
  /** A call about to run (for plan approval); `isPlanTool` for plankeeper's own tools. */
  | { kind: 'tool-start'; tool: string; isPlanTool: boolean }
  /**
   * The model wants to end its turn with `lastMessage`. `checks`: what a host that runs the
   * person's checks found (checks-before-done.ts).
   */
  | { kind: 'stop'; stopHookActive: boolean; lastMessage: string; checks?: ChecksAtAnswer }
  | { kind: 'subagent-start'; agentId: string }
  | { kind: 'subagent-stop'; stopHookActive: boolean; lastMessage: string }
  /** The context is about to be compacted: the plan must be shown again after it. */
  | { kind: 'pre-compact' };

export type HostAnswer =
  /** Text for the model's next request. */
  | { kind: 'context'; text: string }
  /** Refuse the answer (the stop); the model reads the reason and goes on. `check` names the rule. */
  | { kind: 'bounce'; reason: string; check?: string }
  /** Refuse a tool call before it runs; the model reads the reason as its result. */
  | { kind: 'deny'; reason: string }
  /**
   * Let the answer through, and tell the person `text` (a check that still fails after the
   * refusals, one that cannot start): the host's channel to the person, not the model.
   */
  | { kind: 'notice'; text: string }
  /** Lines around a plan tool's result: `before` it (a person's changes), `after` it. */
  | { kind: 'annotate'; before?: string; after?: string }
  | { kind: 'none' };

export const NOTHING: HostAnswer = { kind: 'none' };
