/**
 * The lines before a plan section that tell the model what others did to its plan since it
 * last saw it: a person's changes, and how a sub-agent on one of its items ended. Both come
 * from the plan's history, read once.
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { Locale } from '../locale/locale.js';
import { describePersonChanges } from './person-changes.js';
import { describeSubAgentEnds } from './sub-agent-rollup.js';

/** At most this many of the latest revisions are read; older ones the model need not hear of. */
const MAX_REVISIONS = 20;

/** The notices for revisions after version `seen` up to `current`, or undefined for none. */
export async function changeNotices(
  engine: PlanEngine,
  key: PlanKey,
  seen: number,
  current: number,
  locale: Locale,
): Promise<string | undefined> {
  if (current <= seen) return undefined;
  const history = (await engine.history(key, Math.min(current - seen, MAX_REVISIONS))).filter(
    (revision) => revision.version > seen && revision.version <= current,
  );
  const lines = [describePersonChanges(history, locale), describeSubAgentEnds(history, locale)];
  const text = lines.filter((line) => line !== undefined).join('\n');
  return text === '' ? undefined : text;
}
