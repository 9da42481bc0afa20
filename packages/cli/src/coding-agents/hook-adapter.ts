/**
 * One coding agent's hook format (HookAdapter), and the agent-neutral vocabulary it speaks:
 * each adapter turns its own hook input into one of the rules' host events and turns the rules'
 * answer back into its own output format, so the discipline itself is written once, in the core
 * (plankeeper/harness, rules/). A leaf: the descriptor type and every adapter import it.
 */
import type { PlanKey } from 'plankeeper';
import type { KeyedEvent } from 'plankeeper/hooks';
import type { HostAnswer, HostEvent } from 'plankeeper/rules';

export { hookText as text } from 'plankeeper/hooks';

/** A non-empty string field of a hook's JSON input, else undefined: the core's `hookText`. */
export { NOTHING } from 'plankeeper/rules';
/** A hook's event and answer are the core's: the rules' own vocabulary, in every host. */
/** An event with the plan it concerns (the key comes from the agent, never the model). */
export type { HostAnswer, HostEvent, KeyedEvent };

/**
 * Harness state a hook leaves for the agent's other processes (its MCP server), beside no
 * plan, expiring after `ttlMs`.
 */
export interface HookRecord {
  key: PlanKey;
  state: Record<string, unknown>;
  ttlMs: number;
}

/**
 * A tool call about to run, as its agent's pre-tool hook shows it: the tool's own name, its
 * arguments, and the folder its relative paths start from, where the input says.
 */
export interface ToolCall {
  tool: string;
  args: Record<string, unknown>;
  cwd?: string;
}

/** One coding agent's hook format. */
export interface HookAdapter {
  readonly agent: string;
  /** The neutral event of one hook call; undefined for an event plankeeper has nothing to do on. */
  parse(eventName: string, input: Record<string, unknown>): KeyedEvent | undefined;
  /**
   * Waits, within the hook's deadline, until what the agent writes about this event can be
   * read (Copilot CLI's transcript lags its stop event); before `parse`.
   */
  settle?(eventName: string, input: Record<string, unknown>): Promise<void>;
  /** The call a pre-tool event is about to make (plan-file-guard reads what it writes). */
  toolCall?(eventName: string, input: Record<string, unknown>): ToolCall | undefined;
  /** What one hook call records for the agent's MCP server, if anything. */
  record?(eventName: string, input: Record<string, unknown>): HookRecord | undefined;
  /**
   * The output for an event the rules have no part in, from its input alone (Copilot CLI's
   * approval of plankeeper's own tools); undefined for the rules' events. Failing open still
   * prints the neutral answer.
   */
  direct?(eventName: string, input: Record<string, unknown>): string | undefined;
  /** What to print on stdout for `answer` (an empty string prints nothing). */
  format(eventName: string, answer: HostAnswer): string;
}
