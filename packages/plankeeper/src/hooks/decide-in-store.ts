/**
 * One host event decided against the store, for hosts that see events one at a time and keep
 * the turn's record beside the plan (a coding agent's hooks, each a process of its own; the
 * Claude Agent SDK's hook callbacks): read the plan, run the rules' reducer (`decide`) on the
 * stored turn record by compare-and-set (stored-turn-record.ts), then roll up a sub-agent's
 * start or end.
 *
 * @example
 * const answer = await decideInStore(engine, { key, event: { kind: 'prompt', text } }, {
 *   ...storedRules({ discipline: 'standard' }),
 *   locale: getLocale('en'),
 * });
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { PlanRevision } from '../engine/store/plan-store.js';
import { revisionsSince } from '../harness/change-notices.js';
import { decide } from '../harness/rules/decide.js';
import type { HostAnswer, HostEvent } from '../harness/rules/events.js';
import type { StoredRuleOptions } from '../harness/stored-discipline.js';
import { rollUpSubAgent } from './hook-sub-agents.js';
import type { KeyedEvent } from './keyed-event.js';
import { decideOnStoredRecord, storedTurnRecord } from './stored-turn-record.js';

export async function decideInStore(
  engine: PlanEngine,
  { key, event }: KeyedEvent,
  /** `planKey`: the shared list the session works on, when it is not the session's own plan. */
  options: StoredRuleOptions & { planKey?: PlanKey },
): Promise<HostAnswer> {
  const { planKey = key, ...rules } = options;
  const snapshot = await engine.snapshot(planKey);
  const recent = await recentRevisions(engine, key, planKey, event, snapshot.version);
  // Taken once, so a compare-and-set retry decides on the same clock and turn id.
  const perCall = { now: Date.now(), newTurn: globalThis.crypto.randomUUID() };
  const { answer } = await decideOnStoredRecord(engine, key, (record) =>
    decide(event, snapshot, record, { ...rules, ...perCall }, recent),
  );
  await rollUpSubAgent(engine, { key, event }, answer);
  return answer;
}

/**
 * The revisions since the version the model was last shown, read only when the plan moved
 * past it after a tool call or before a new prompt, so that `decide` can say a person
 * changed the list. Most hook calls see an unchanged plan and read no history.
 */
async function recentRevisions(
  engine: PlanEngine,
  key: PlanKey,
  planKey: PlanKey,
  event: HostEvent,
  version: number,
): Promise<PlanRevision[]> {
  // A new prompt or a resumed session too: a person's change between turns (an approval,
  // say) is news then.
  const between = event.kind === 'prompt' || event.kind === 'session-start';
  if (!between && !(event.kind === 'tool-done' && !event.isPlanWrite)) return [];
  const stored = await storedTurnRecord(engine, key);
  // Without an earlier turn the model has seen no plan: there is no "since" to tell about.
  if (between && stored.turn === undefined) return [];
  return revisionsSince(engine, planKey, stored.shownVersion, version);
}
