/**
 * What every host driver in the adapter contract gives the scenarios: run one user turn
 * of scripted model replies through the host's own loop, with plankeeper's discipline
 * set the same way, and report what the model received on each call.
 */
import type { PlanEngine, PlanKey, TodoItem } from 'plankeeper';
import type { HarnessOptions } from 'plankeeper/harness';

/** One model turn: a tool call, several in one reply, or a text answer. */
export type Reply =
  | { call: string; input: Record<string, unknown> }
  | { calls: { tool: string; input: Record<string, unknown> }[] }
  | { text: string };

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
  /** The plan as stored when the turn ended. */
  plan: TodoItem[];
}

/** The discipline settings the scenarios vary; each driver passes them to its host as is. */
export type ContractOptions = Pick<
  HarnessOptions,
  'nudge' | 'finishCheck' | 'goalCheck' | 'approval' | 'discipline' | 'checks'
>;

/**
 * What a host can do by design, named so that a scenario that needs it runs only where it
 * holds, and the rest say so in the test list instead of passing silently.
 */
export interface HostTraits {
  /**
   * A plan section in front of the model on each call (the own loop, the framework
   * adapters). Without one the plan is seen in write results, and the model reads the rules'
   * texts (reminders, bounces) where the host puts them, not at a fixed place.
   */
  planSection: boolean;
  /** The host counts tool rounds, so the idle-round reminder can fire. */
  countsRounds: boolean;
  /** The host passes the model's answer through the checks (built-in and its own). */
  checksAnswers: boolean;
  /** The host sees non-plan tool calls, so a preset's evidence rule applies. */
  seesWork: boolean;
  /** The host holds its own tools while the plan waits for a person's approval. */
  holdsTools: boolean;
}

/** The traits of a host that shows a plan section and drives the whole discipline. */
export const FULL_HOST: HostTraits = {
  planSection: true,
  countsRounds: true,
  checksAnswers: true,
  seesWork: true,
  holdsTools: true,
};

export interface Host {
  name: string;
  traits: HostTraits;
  run(task: string, replies: readonly Reply[], options: ContractOptions): Promise<HostRun>;
}

export const KEY = { agent: 'contract', session: 'session-1' };

/** The host tool of every scenario: answers any query with a fixed passage. */
export const lookupAnswer = (query: string) => `Found: ${query}`;

/** A lookup with this query stands for a person cancelling #2 while it runs (the dashboard, say). */
export const PERSON_CANCELS_2 = 'meanwhile a person cancels #2';

/** What every driver's `lookup` does besides answering: the person's change its query names. */
export async function lookupSideEffect(
  engine: PlanEngine,
  key: PlanKey,
  query: string,
): Promise<void> {
  if (query !== PERSON_CANCELS_2) return;
  const outcome = await engine.editAsPerson(
    key,
    { kind: 'cancel', id: '2', reason: 'not needed' },
    { name: 'Ana' },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problem));
}
