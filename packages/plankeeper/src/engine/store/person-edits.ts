/**
 * A person's changes in one revision: one (`source.edit`, from `plankeeper todos` or the
 * dashboard) or several (`source.edits`, a plan file saved once with many lines changed).
 */
import type { ChangeSource, PersonEditInfo } from './plan-store.js';

/** The person's changes a revision holds, oldest first; none for a model's write. */
export function personEdits(source: ChangeSource): PersonEditInfo[] {
  if (source.by !== 'person') return [];
  return [...(source.edit ? [source.edit] : []), ...(source.edits ?? [])];
}
