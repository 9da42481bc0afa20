/**
 * The one path from a host's keyed event to the rules' answer, for every hook host: the
 * command hook (`plankeeper hook`, one process per event or many with `--serve`), the MCP
 * server's `hook` tool, and the Claude Agent SDK's callbacks. What differs per host (its
 * input format, which store, how it reports a failure) stays with the host; what the rules
 * need, when the store is read at all and which plan a shared list's session writes, is here.
 *
 * @example
 * if (asksTheRules(keyed.event, options)) answer = await answerInStore(engine, keyed, options);
 */
import type { CheckGate } from '../checks/check-gate.js';
import { keepCheckRun } from '../checks/keep-check-run.js';
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { sessionPlanOf } from '../engine/shared-list.js';
import type { HostAnswer, HostEvent } from '../harness/rules/events.js';
import type { StoredRuleOptions } from '../harness/stored-discipline.js';
import { withChecks } from './checks-at-answer.js';
import { decideInStore } from './decide-in-store.js';
import type { Untimed } from './fail-open.js';
import type { KeyedEvent } from './keyed-event.js';

export interface HookAnswerOptions {
  rules: StoredRuleOptions;
  /** The shared list the host's sessions work on (see sharedListKey); none: each its own plan. */
  list?: string | undefined;
  /** Tools that run while the plan waits for approval (read-only lookups). */
  allowWhileWaiting?: ReadonlySet<string> | undefined;
  /** The person's checks before an answer (plankeeper/checks); none: no checks run. */
  checks?: CheckGate | undefined;
  /** Runs a part outside the fail-open deadline (failOpen's second argument): the checks. */
  untimed?: Untimed | undefined;
}

/**
 * Whether the rules have anything to say to `event`. A call about to run asks nothing of the
 * plan unless non-plan tools wait for approval, and a tool allowed while the plan waits never
 * does: no store is opened for it.
 */
export function asksTheRules(event: HostEvent, options: HookAnswerOptions): boolean {
  if (event.kind !== 'tool-start') return true;
  return options.rules.approval !== undefined && !options.allowWhileWaiting?.has(event.tool);
}

/**
 * The plan a session's events concern and the writer they come as: the session's own plan,
 * or in a shared list the list's (a sub-agent's scope below it) with the session as the owner
 * of the items it starts. Its turn record stays the session's own.
 */
export function sessionPlan(
  session: PlanKey,
  list: string | undefined,
): { planKey?: PlanKey; owner?: string } {
  if (list === undefined) return {};
  const { key, owner } = sessionPlanOf(session, list);
  return { planKey: key, ...(owner !== undefined && { owner }) };
}

/**
 * The rules' answer to `keyed`, decided in `engine`'s store by compare-and-set; with the
 * person's checks run first when the model answers (hooks/checks-at-answer.ts).
 */
export async function answerInStore(
  engine: PlanEngine,
  keyed: KeyedEvent,
  options: HookAnswerOptions,
): Promise<HostAnswer> {
  const plan = sessionPlan(keyed.key, options.list);
  const { checks: gate } = options;
  if (gate === undefined) return decideInStore(engine, keyed, { ...plan, ...options.rules });
  const event = await withChecks(engine, keyed.key, keyed.event, gate, options.untimed);
  const answer = await decideInStore(
    engine,
    { key: keyed.key, event },
    { ...plan, ...options.rules, verify: { maxRefusals: gate.settings.maxRefusals } },
  );
  const run = event.kind === 'stop' ? event.checks?.run : undefined;
  if (run) await keepCheckRun(engine, plan.planKey ?? keyed.key, run, answer.kind === 'bounce');
  return answer;
}
