/**
 * Sub-agent roll-up: a parent's item delegated to a sub-agent working in its own scope.
 * The host starts the sub-agent with {@link startSubAgent} (the link is stored on the
 * parent's item), runs it on `sub.key` with any loop, and calls {@link endSubAgent} when
 * its turn ends. The parent's plan section then shows the sub-agent's progress beside the
 * item (`#2 … (sub-agent: 3/5)`) and, once, how it ended. The parent's item is not
 * completed for it: a sub-agent that says it finished may still have done the wrong
 * thing, so the parent model checks and completes the item itself.
 *
 * @example
 * const started = await startSubAgent(engine, { parent: key, item: '2', scope: 'research' });
 * if (started.ok) {
 *   // ... run the sub-agent with its plan at started.sub.key ...
 *   await endSubAgent(engine, started.sub);           // or { error } when it threw
 * }
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import { type PlanKey, subAgentKey } from '../engine/plan-key.js';
import { quoteText } from '../engine/render.js';
import type { PlanRevision } from '../engine/store/plan-store.js';
import type { SubAgentEndInfo, SubAgentLinkProblem } from '../engine/sub-agent-link.js';
import { isOpen, type PlanProgress, progressOf, type TodoItem } from '../engine/todo-item.js';
import type { Locale } from '../locale/locale.js';

/** A running sub-agent: its plan's key, and the parent item it works on. */
export interface SubAgentScope {
  parent: PlanKey;
  item: string;
  scope: string;
  /** Where the sub-agent's own plan lives: `subAgentKey(parent, scope)`. */
  key: PlanKey;
}

export type StartSubAgentOutcome =
  | { ok: true; sub: SubAgentScope }
  | { ok: false; problem: SubAgentLinkProblem; text: string };

/** Longest error text kept for the parent's notice: one line, not a stack. */
const MAX_ERROR = 160;

/**
 * Links item `item` of the plan at `parent` to a sub-agent in the scope `scope` below it. A bad
 * item (unknown, already closed) is refused with a line the model can act on, since the
 * item usually comes from its own tool call; nothing is changed then.
 */
export async function startSubAgent(
  engine: PlanEngine,
  options: { parent: PlanKey; item: string | number; scope: string; locale: Locale },
): Promise<StartSubAgentOutcome> {
  const item = String(options.item).replace(/^#/, '').trim();
  const outcome = await engine.setSubAgent(options.parent, item, { scope: options.scope });
  if (!outcome.ok) {
    return {
      ok: false,
      problem: outcome.problem,
      text: options.locale.subAgent.problem(outcome.problem),
    };
  }
  return {
    ok: true,
    sub: {
      parent: options.parent,
      item,
      scope: options.scope,
      key: subAgentKey(options.parent, options.scope),
    },
  };
}

/**
 * Records how the sub-agent's turn ended on the parent's item: `failed` when it threw
 * (`error`), `stopped` when its plan still has open items, else `finished`. The parent's
 * next plan section tells its model, once.
 */
export async function endSubAgent(
  engine: PlanEngine,
  sub: SubAgentScope,
  outcome: { error?: unknown } = {},
): Promise<SubAgentEndInfo> {
  const items = (await engine.snapshot(sub.key)).items;
  const open = items.filter(isOpen).map((item) => item.id);
  const failed = outcome.error !== undefined && outcome.error !== null;
  const info: SubAgentEndInfo = {
    item: sub.item,
    scope: sub.scope,
    ended: failed ? 'failed' : open.length > 0 ? 'stopped' : 'finished',
    progress: progressOf(items),
    open,
    ...(failed && { error: errorLine(outcome.error) }),
  };
  await engine.setSubAgent(sub.parent, sub.item, { scope: sub.scope, ended: info.ended }, info);
  return info;
}

/** Reads a plan's items, or undefined when there is no plan: an engine's or a store's read. */
export type PlanItemsReader = (key: PlanKey) => Promise<readonly TodoItem[] | undefined>;

/** A {@link PlanItemsReader} over an engine. */
export function engineReader(engine: PlanEngine): PlanItemsReader {
  return async (key) => {
    const snapshot = await engine.snapshot(key);
    return snapshot.updatedAt === undefined ? undefined : snapshot.items;
  };
}

/**
 * The progress of every sub-agent linked from `items`, by parent item id; undefined for
 * one that has written no plan yet. One read per delegated item, in parallel, and none
 * for a plan without delegations.
 */
export async function subAgentProgress(
  read: PlanItemsReader,
  parent: PlanKey,
  items: readonly TodoItem[],
): Promise<Map<string, PlanProgress | undefined>> {
  const linked = items.filter((item) => item.subAgent !== undefined);
  const progress = new Map<string, PlanProgress | undefined>();
  if (linked.length === 0) return progress;
  const plans = await Promise.all(
    linked.map((item) => read(subAgentKey(parent, item.subAgent!.scope))),
  );
  linked.forEach((item, index) => {
    const plan = plans[index];
    progress.set(item.id, plan === undefined ? undefined : progressOf(plan));
  });
  return progress;
}

/** The render suffix showing each delegated item's sub-agent progress. */
export function subAgentSuffix(
  progress: ReadonlyMap<string, PlanProgress | undefined>,
  locale: Locale,
): ((item: TodoItem) => string | undefined) | undefined {
  if (progress.size === 0) return undefined;
  return (item) =>
    item.subAgent && progress.has(item.id)
      ? locale.subAgent.progress(item.subAgent, progress.get(item.id))
      : undefined;
}

/** One line per sub-agent end among these revisions (oldest first), or undefined for none. */
export function describeSubAgentEnds(
  revisions: readonly PlanRevision[],
  locale: Locale,
): string | undefined {
  const lines = revisions.flatMap(({ source }) =>
    source.subAgent ? [locale.subAgent.ended(source.subAgent, quoteText)] : [],
  );
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function errorLine(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return text.length > MAX_ERROR ? `${text.slice(0, MAX_ERROR - 1)}…` : text;
}
