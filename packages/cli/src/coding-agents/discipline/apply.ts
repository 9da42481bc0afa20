/**
 * One hook call against the store: read the plan, then decide and store the hooks' state by
 * compare-and-set. When another hook process wins the race, the decision is made again on
 * what it stored, and the answer is the one of the decision that was stored.
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import type { PlanRevision } from 'plankeeper/stores';
import { type Decision, type DisciplineOptions, decide } from './decide.js';
import type { KeyedEvent, NeutralAnswer, NeutralEvent } from './events.js';
import { readHookState, toStored } from './hook-state.js';
import { rollUpSubAgent } from './sub-agent-links.js';

export async function applyDiscipline(
  engine: PlanEngine,
  { key, event }: KeyedEvent,
  /** `planKey`: the shared list the session works on, when it is not the session's own plan. */
  options: DisciplineOptions & { planKey?: PlanKey },
): Promise<NeutralAnswer> {
  const planKey = options.planKey ?? key;
  const snapshot = await engine.snapshot(planKey);
  const recent = await recentRevisions(engine, key, planKey, event, snapshot.version);
  let decision: Decision | undefined;
  await engine.updateTurnState(key, (current) => {
    decision = decide(event, snapshot, readHookState(current), options, recent);
    return decision.next && toStored(decision.next);
  });
  const answer = decision?.answer ?? { kind: 'none' };
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
  event: NeutralEvent,
  version: number,
): Promise<PlanRevision[]> {
  // A new prompt or a resumed session too: a person's change between turns (an approval,
  // say) is news then.
  const between = event.kind === 'prompt' || event.kind === 'session-start';
  if (!between && !(event.kind === 'tool-done' && !event.isPlanWrite)) return [];
  const stored = readHookState((await engine.turnState(key))?.state);
  // Without an earlier turn the model has seen no plan: there is no "since" to tell about.
  if (between && stored.turn === undefined) return [];
  const shown = stored.shownVersion;
  if (version <= shown) return [];
  return engine.history(planKey, Math.min(version - shown, MAX_RECENT));
}
