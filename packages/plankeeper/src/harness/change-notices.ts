/**
 * The lines before a plan section that tell the model what others did to its plan since it
 * last saw it: a person's changes ("Changed by a person (Ana): cancelled #2"), and how a
 * sub-agent on one of its items ended. The list alone shows what is there now, not that
 * someone else decided it. Both come from the plan's history, read once, by the one reader
 * of "the revisions since the model saw it" every host uses (`revisionsSince`).
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { personEdits } from '../engine/store/person-edits.js';
import type { PersonEditInfo, PlanRevision } from '../engine/store/plan-store.js';
import type { Locale } from '../locale/locale.js';
import { describeSubAgentEnds } from './sub-agent-rollup.js';

/** At most this many of the latest revisions are read; older ones the model need not hear of. */
const MAX_REVISIONS = 20;

/**
 * The revisions after version `seen` (what the model was last shown) up to `current`,
 * oldest first: at most the latest 20, and none when the plan has not moved past `seen`.
 */
export async function revisionsSince(
  engine: PlanEngine,
  key: PlanKey,
  seen: number,
  current: number,
): Promise<PlanRevision[]> {
  if (current <= seen) return [];
  const history = await engine.history(key, Math.min(current - seen, MAX_REVISIONS));
  return history.filter((revision) => revision.version > seen && revision.version <= current);
}

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

/**
 * A person's lines alone, one per run of changes by the same person between version `seen`
 * and `current`, oldest first; undefined when no person changed the plan.
 */
export async function personChangeLines(
  engine: PlanEngine,
  key: PlanKey,
  seen: number,
  current: number,
  locale: Locale,
): Promise<string | undefined> {
  if (current <= seen) return undefined;
  return describePersonChanges(await revisionsSince(engine, key, seen, current), locale);
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

/** Unread plan-file lines named at most, so one long prose section costs a few tokens only. */
const MAX_UNREAD = 5;

/** The lines for these revisions (oldest first), or undefined when none is a person's. */
export function describePersonChanges(
  revisions: readonly PlanRevision[],
  locale: Locale,
): string | undefined {
  const runs: { name: string | undefined; edits: PersonEditInfo[] }[] = [];
  for (const { source } of revisions) {
    if (source.by !== 'person') continue;
    for (const edit of personEdits(source)) {
      const last = runs.at(-1);
      // An approval is a line of its own ("Approved by a person (Ana)"), never merged into edits.
      const approving = edit.kind === 'approve';
      if (last && !approving && last.name === source.name && last.edits[0]?.kind !== 'approve')
        last.edits.push(edit);
      else runs.push({ name: source.name, edits: [edit] });
    }
  }
  const lines = runs.map((run) =>
    run.edits[0]?.kind === 'approve'
      ? locale.approval.approvedBy(run.name)
      : locale.person.changedBy(run.name, run.edits),
  );
  const unread = describeUnreadLines(revisions, locale);
  if (unread !== undefined) lines.push(unread);
  return lines.length === 0 ? undefined : lines.join('\n');
}

/**
 * A plan file's lines that are not items, named in these revisions (oldest first), so the
 * model knows they were not lost; undefined for none. Whoever's revision took them in: the
 * plan file's first read takes in a person's file too.
 */
export function describeUnreadLines(
  revisions: readonly PlanRevision[],
  locale: Locale,
): string | undefined {
  const unread = revisions.flatMap(({ source }) => source.unreadLines ?? []);
  return unread.length === 0 ? undefined : locale.person.unreadLines(unread.slice(0, MAX_UNREAD));
}
