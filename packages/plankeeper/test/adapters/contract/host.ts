/**
 * What every host driver in the adapter contract gives the scenarios: run one user turn
 * of scripted model replies through the host's own loop, with plankeeper's discipline
 * set the same way, and report what the model received on each call.
 */
import type { HarnessOptions } from 'plankeeper/harness';

/** One model turn: a tool call, or a text answer. */
export type Reply = { call: string; input: Record<string, unknown> } | { text: string };

/** One message as the model received it; a tool result's text is what the model read. */
export interface Received {
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
}

export interface HostRun {
  /** The messages of every model call, in order. */
  calls: Received[][];
  /** The turn's final answer. */
  answer: string;
  /** The queries the host's own `lookup` tool ran with. */
  lookups: string[];
}

/** The discipline settings the scenarios vary; each driver passes them to its host as is. */
export type ContractOptions = Pick<
  HarnessOptions,
  'nudge' | 'finishCheck' | 'goalCheck' | 'approval'
>;

export interface Host {
  name: string;
  run(task: string, replies: readonly Reply[], options: ContractOptions): Promise<HostRun>;
}

export const KEY = { agent: 'contract', session: 'session-1' };

/** The host tool of every scenario: answers any query with a fixed passage. */
export const lookupAnswer = (query: string) => `Found: ${query}`;
