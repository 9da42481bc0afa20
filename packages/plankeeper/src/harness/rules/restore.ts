/**
 * The plan shown again where the host cannot show it before every call (a coding agent's
 * hooks): after a compaction, /clear or a resume (the model lost it from its context), and
 * after a tool call when someone else changed it (a person, a sub-agent's end), with who did.
 */
import type { PlanSnapshot } from '../../engine/plan-engine.js';
import { renderPlan } from '../../engine/render.js';
import type { PlanRevision } from '../../engine/store/plan-store.js';
import type { Locale } from '../../locale/locale.js';
import { describeChangeNotices } from '../change-notices.js';

export function restoredSection(snapshot: PlanSnapshot, locale: Locale): string {
  return `${locale.harness.restoredHeading}\n${renderPlan(snapshot.items, { locale, heading: false })}`;
}

/** The changed list, after who changed it (a person) and how a sub-agent on an item ended. */
export function changedSection(
  snapshot: PlanSnapshot,
  locale: Locale,
  recent: readonly PlanRevision[],
  shownVersion: number,
): string {
  const notices = describeChangeNotices(since(recent, shownVersion), locale);
  const list = `${locale.harness.changedHeading}\n${renderPlan(snapshot.items, { locale, heading: false })}`;
  return notices ? `${notices}\n${list}` : list;
}

/** The revisions of `recent` the model has not been shown. */
export function since(
  recent: readonly PlanRevision[],
  shownVersion: number,
): readonly PlanRevision[] {
  return recent.filter((revision) => revision.version > shownVersion);
}

/**
 * Revisions that change nothing the model acts on: a sub-agent started on an item, a run of
 * the person's check kept in the history.
 */
const NOT_NEWS = new Set(['host:sub-agent-started', 'host:check']);

/**
 * True when every revision since the one the model was shown is one of those (and all of
 * them are in `recent`): nothing the model reads changed.
 */
export function onlyLinkedSinceShown(
  snapshot: PlanSnapshot,
  recent: readonly PlanRevision[],
  shownVersion: number,
): boolean {
  if (snapshot.version <= shownVersion) return false;
  const after = since(recent, shownVersion);
  return (
    after.length === snapshot.version - shownVersion &&
    after.every((revision) => NOT_NEWS.has(revision.source.tool))
  );
}
