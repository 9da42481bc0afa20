/**
 * The lines before a plan section that tell the model what others did to its plan since it
 * last saw it: a person's changes, and how a sub-agent on one of its items ended. Both come
 * from the plan's history, read once.
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { PlanRevision } from '../engine/store/plan-store.js';
import type { Locale } from '../locale/locale.js';
import { describePersonChanges, revisionsSince } from './person-changes.js';
import { describeSubAgentEnds } from './sub-agent-rollup.js';

/** The notices for revisions after version `seen` up to `current`, or undefined for none. */
export async function changeNotices(
  engine: PlanEngine,
  key: PlanKey,
  seen: number,
  current: number,
  locale: Locale,
): Promise<string | undefined> {
  if (current <= seen) return undefined;
  return describeChangeNotices(await revisionsSince(engine, key, seen, current), locale);
}

/** The notices for these revisions (oldest first), or undefined when none tells anything. */
export function describeChangeNotices(
  revisions: readonly PlanRevision[],
  locale: Locale,
): string | undefined {
  const lines = [describePersonChanges(revisions, locale), describeSubAgentEnds(revisions, locale)];
  const text = lines.filter((line) => line !== undefined).join('\n');
  return text === '' ? undefined : text;
}
