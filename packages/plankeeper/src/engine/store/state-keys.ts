/**
 * What rides on a store's state channel (`getState` / `compareAndSetState`, read and written
 * through `engine.turnState` / `engine.updateTurnState`), each kind under a key built here and
 * nowhere else. Beside each plan, under the plan's own key, its turn record (what the model
 * was shown, the turn's rounds and checks). Under keys no plan has, records that belong to no
 * plan: which plan a coding agent's tool use is for, which session a coding agent's process
 * runs, and the digest of the plan file a plan-file store last read. The keys are the ones
 * stores already hold, so records written before keep being found.
 *
 * @example
 * await engine.updateTurnState(processRecordKey('gemini', 4242), () => ({ session: 's1' }));
 */
import type { PlanKey } from '../plan-key.js';

/** The kinds of record the state channel carries. */
export type StateRecordKind = 'turn' | 'tool-use' | 'process' | 'plan-file-digest';

declare const recordKind: unique symbol;

/** A key of the state channel, naming the kind of record it holds. */
export type StateKey<Kind extends StateRecordKind = StateRecordKind> = PlanKey & {
  readonly [recordKind]: Kind;
};

/** The turn record kept beside plan `plan`: the plan's own key. */
export function turnRecordKey(plan: PlanKey): StateKey<'turn'> {
  return plan as StateKey<'turn'>;
}

/** The record of which plan tool use `id` of coding agent `agent` is for. */
export function toolUseRecordKey(agent: string, id: string): StateKey<'tool-use'> {
  return { agent, session: `tool-use:${id}` } as StateKey<'tool-use'>;
}

/** The record of which session coding agent `agent`'s process `pid` runs. */
export function processRecordKey(agent: string, pid: number): StateKey<'process'> {
  return { agent, session: `cli-process:${pid}` } as StateKey<'process'>;
}

/** The agent name under which plan-file stores keep their digests. */
export const PLAN_FILE_DIGEST_AGENT = 'plan-file';

/** The digest of the plan file whose plan is stored under the encoded key `encodedPlanKey`. */
export function planFileDigestKey(encodedPlanKey: string): StateKey<'plan-file-digest'> {
  return { agent: PLAN_FILE_DIGEST_AGENT, session: encodedPlanKey } as StateKey<'plan-file-digest'>;
}
