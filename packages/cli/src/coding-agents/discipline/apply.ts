/**
 * One hook call against the store: read the plan, then run the rules' reducer (the core's
 * `decide`) and store the turn's record by compare-and-set. When another hook process wins
 * the race, the pure reducer simply runs again on what it stored, and the answer is the one
 * of the decision that was stored.
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import {
  type Decision,
  decide,
  type HostEvent,
  NOTHING,
  type RuleOptions,
  readTurnRecord,
} from 'plankeeper/harness';
import type { PlanRevision } from 'plankeeper/stores';
import type { KeyedEvent, NeutralAnswer } from './events.js';
import { rollUpSubAgent } from './sub-agent-links.js';

/** The rules' options for hooks; `now` and the turn id are taken per call. */
export type HookRuleOptions = Omit<RuleOptions, 'now' | 'newTurn'>;

export async function applyDiscipline(
  engine: PlanEngine,
  { key, event }: KeyedEvent,
  /** `planKey`: the shared list the session works on, when it is not the session's own plan. */
  options: HookRuleOptions & { planKey?: PlanKey },
): Promise<NeutralAnswer> {
  const { planKey = key, ...rules } = options;
  const snapshot = await engine.snapshot(planKey);
  const recent = await recentRevisions(engine, key, planKey, event, snapshot.version);
  // Every agent names plankeeper's tools with "plankeeper" in their namespace.
  const hostEvent: HostEvent =
    event.kind === 'tool-done' ? { ...event, isPlanTool: /plankeeper/i.test(event.tool) } : event;
  // Taken once, so a compare-and-set retry decides on the same clock and turn id.
  const perCall = { now: Date.now(), newTurn: globalThis.crypto.randomUUID() };
  let decision: Decision | undefined;
  await engine.updateTurnState(key, (current) => {
    decision = decide(
      hostEvent,
      snapshot,
      readTurnRecord(current),
      { ...rules, ...perCall },
      recent,
    );
    return decision.next && { ...decision.next };
  });
  const answer = decision?.answer ?? NOTHING;
  await rollUpSubAgent(engine, { key, event }, answer);
  return answer;
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
