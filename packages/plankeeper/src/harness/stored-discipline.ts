/**
 * One host event decided against the store, for hosts that see events one at a time and keep
 * the turn's record beside the plan (a coding agent's hooks, each a process of its own; the
 * Claude Agent SDK's hook callbacks): read the plan, run the rules' reducer (`decide`) and
 * store the record by compare-and-set. When another writer wins the race, the pure reducer
 * simply runs again on what it stored, and the answer is the one of the decision stored.
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
import { rollUpSubAgent } from './hook-sub-agents.js';
import type { ApprovalAgainOption } from './rules/approval-hold.js';
import { type Decision, decide, type RuleOptions } from './rules/decide.js';
import { type HostAnswer, type HostEvent, NOTHING } from './rules/events.js';
import type { Discipline } from './rules/presets.js';
import { resolveDiscipline } from './rules/resolve-discipline.js';
import { readTurnRecord } from './rules/turn-record.js';

/** A host event with the plan it concerns (the key comes from the host, never the model). */
export interface KeyedEvent {
  key: PlanKey;
  event: HostEvent;
}

/** The rules' options for events decided in the store; `now` and the turn id are taken per call. */
export type StoredRuleOptions = Omit<RuleOptions, 'now' | 'newTurn'>;

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
  let decision: Decision | undefined;
  await engine.updateTurnState(key, (current) => {
    decision = decide(event, snapshot, readTurnRecord(current), { ...rules, ...perCall }, recent);
    return decision.next && { ...decision.next };
  });
  const answer = decision?.answer ?? NOTHING;
  await rollUpSubAgent(engine, { key, event }, answer);
  return answer;
}

/**
 * The rules a preset sets for a host that sees one event at a time (see resolve-discipline.ts):
 * its nudge threshold (`nudgeAfter` wins over the preset's) and its finish and goal checks.
 */
export function storedRules(options: {
  discipline?: Discipline | undefined;
  nudgeAfter?: number | undefined;
  approval?: ApprovalAgainOption | undefined;
}): Omit<StoredRuleOptions, 'locale'> {
  const { nudge, checks } = resolveDiscipline(
    {
      discipline: options.discipline,
      ...(options.nudgeAfter !== undefined && { nudge: { after: options.nudgeAfter } }),
    },
    { planSection: false },
  );
  return {
    ...(nudge !== undefined && { nudge }),
    checks,
    ...(options.approval !== undefined && { approval: options.approval }),
  };
}

/** Most revisions read to tell the model who changed its plan; older ones it need not hear of. */
const MAX_RECENT = 20;

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
  const stored = readTurnRecord((await engine.turnState(key))?.state);
  // Without an earlier turn the model has seen no plan: there is no "since" to tell about.
  if (between && stored.turn === undefined) return [];
  const shown = stored.shownVersion;
  if (version <= shown) return [];
  return engine.history(planKey, Math.min(version - shown, MAX_RECENT));
}
