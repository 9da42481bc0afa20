/**
 * What every host driver in the adapter contract gives the scenarios: run one user turn
 * of scripted model replies through the host's own loop, with plankeeper's discipline
 * set the same way, and report what the model received on each call.
 */
import { writeFileSync } from 'node:fs';
import type { PlanEngine, PlanKey, TodoItem } from 'plankeeper';
import type { CheckRecord } from 'plankeeper/checks';
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
  /** The runs of the person's checks kept in the plan's history, oldest first. */
  checkRuns: CheckRecord[];
  /**
   * What the host itself showed the person besides `onNotice` (the Claude Agent SDK's
   * `systemMessage`); empty for a host with no such channel of its own.
   */
  shown: string[];
}

/** The discipline settings the scenarios vary; each driver passes them to its host as is. */
export type ContractOptions = Pick<
  HarnessOptions,
  | 'nudge'
  | 'finishCheck'
  | 'goalCheck'
  | 'approval'
  | 'discipline'
  | 'checks'
  | 'verify'
  | 'onNotice'
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
  /** The host shows the person a notice on a channel of its own, not only to `onNotice`. */
  showsNotices: boolean;
}

/** The traits of a host that shows a plan section and drives the whole discipline. */
export const FULL_HOST: HostTraits = {
  planSection: true,
  countsRounds: true,
  checksAnswers: true,
  seesWork: true,
  holdsTools: true,
  showsNotices: false,
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

/** The second host tool of every scenario: `write_file {path, text}` writes `text` at `path`. */
export const WRITE_FILE = {
  name: 'write_file',
  description: 'Write a text file.',
  run({ path, text }: { path: string; text: string }): string {
    writeFileSync(path, text);
    return `Wrote ${path}.`;
  },
};

/** The runs of the person's checks kept in the history of `key`'s plan (host:check revisions). */
export async function checkRunsOf(engine: PlanEngine, key: PlanKey): Promise<CheckRecord[]> {
  const revisions = await engine.history(key);
  return revisions.flatMap((revision) => (revision.source.check ? [revision.source.check] : []));
}
