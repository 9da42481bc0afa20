/**
 * The plan as the model sees it on each call (seed 001's synthetic message, seed 002's
 * tail section). Three forms:
 * - full list, when the plan changed since the model last saw it (or on every call);
 * - a one-line focus form (progress, current item, open ids) when it is unchanged, or only
 *   the stored ids right after the model wrote the list itself;
 * - a leftover section when the plan was not written in the current user turn and still
 *   has open items, so old pending items are not mistaken for the new request.
 */
import type { PlanSnapshot } from '../engine/plan-engine.js';
import { renderPlan } from '../engine/render.js';
import { isOpen, type PlanProgress, progressOf, type TodoItem } from '../engine/todo-item.js';
import type { Locale } from '../locale/locale.js';
import { othersLine, withoutOthersWork } from './others-work.js';
import { subAgentSuffix } from './sub-agent-rollup.js';

/**
 * What to show when the plan has not changed since the model last saw it. `ids` (meant for
 * right after the model's own whole-list write) names only the stored ids of the current
 * and open items: the model has the rest in its own call, but not the ids the engine gave.
 */
export type UnchangedPlanForm = 'full' | 'focus' | 'ids' | 'omit';

export interface PlanSectionInput {
  snapshot: PlanSnapshot;
  locale: Locale;
  turn: string;
  /** Whether the plan changed since the model last saw it (or it never saw it). */
  changed: boolean;
  whenUnchanged: UnchangedPlanForm;
  /**
   * The reading session in a shared list: its own item is the current one, and one line
   * under the plan names what the other sessions are working on.
   */
  owner?: string;
  /** Progress of the sub-agents on delegated items (see sub-agent-rollup.ts), by item id. */
  subAgents?: ReadonlyMap<string, PlanProgress | undefined>;
}

/** A custom section builder; return undefined to inject nothing on this call. */
export type PlanSectionBuilder = (context: {
  items: readonly TodoItem[];
  leftover: boolean;
  changed: boolean;
  /** The model wrote this very list whole in its last round (so `changed` is false). */
  justWritten: boolean;
  locale: Locale;
}) => string | undefined;

export function isLeftover(snapshot: PlanSnapshot, turn: string): boolean {
  return snapshot.items.length > 0 && snapshot.turn !== turn;
}

export function buildPlanSection(input: PlanSectionInput): string | undefined {
  const section = planSectionText(input);
  if (section === undefined) return undefined;
  const others = othersLine(input.snapshot.items, input.owner, input.locale);
  return others ? `${section}\n${others}` : section;
}

function planSectionText(input: PlanSectionInput): string | undefined {
  const { snapshot, locale } = input;
  if (snapshot.items.length === 0) return undefined;
  const suffix = input.subAgents && subAgentSuffix(input.subAgents, locale);
  if (isLeftover(snapshot, input.turn)) {
    // A finished leftover asks nothing of the model; showing it would only cost tokens.
    if (!snapshot.items.some(isOpen)) return undefined;
    return [
      locale.harness.leftoverHeading,
      renderPlan(snapshot.items, { locale, heading: false, ...(suffix && { suffix }) }),
      locale.harness.leftoverAdvice,
    ].join('\n');
  }
  // A sub-agent's progress moves while the parent's plan stays as it was, so an open
  // delegated item keeps the full list (where its progress shows) instead of the focus form.
  const delegatedOpen =
    suffix !== undefined && snapshot.items.some((item) => item.subAgent && isOpen(item));
  if (
    input.changed ||
    input.whenUnchanged === 'full' ||
    (delegatedOpen && input.whenUnchanged === 'focus')
  )
    return renderPlan(snapshot.items, { locale, ...(suffix && { suffix }) });
  if (input.whenUnchanged === 'omit') return undefined;
  const open = withoutOthersWork(snapshot.items, input.owner).filter(isOpen);
  const current = open.find((item) => item.status === 'in_progress');
  if (input.whenUnchanged === 'ids') {
    // A closed plan has no ids left to tell.
    if (open.length === 0) return undefined;
    return locale.harness.storedIds(
      current?.id,
      open.filter((item) => item !== current).map((item) => item.id),
    );
  }
  return locale.harness.focus(
    progressOf(snapshot.items),
    current,
    open.filter((item) => item !== current).map((item) => item.id),
  );
}
