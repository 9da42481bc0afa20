/**
 * The change source of a person's save of a plan file: one save is one revision, however
 * many lines it changed, with each change as data (`edit`, or `edits` for several) so the
 * model is told what the person did and a write from an older read keeps it.
 */
import type { ChangeSource } from '../../engine/store/plan-store.js';
import type { FileEditStep } from './file-edits.js';

/** One save, one revision: its changes as data, in the form `plankeeper todos` writes one. */
export function saveSource(
  steps: readonly FileEditStep[],
  unreadLines: { line: number; text: string }[],
): ChangeSource {
  const [first] = steps;
  const source: ChangeSource =
    steps.length === 1 && first
      ? {
          tool: `person:${first.edit.kind}`,
          summary: first.summary,
          by: 'person',
          edit: first.edit,
        }
      : {
          tool: 'person:plan-file',
          summary: saveSummary(steps),
          by: 'person',
          ...(steps.length > 0 && { edits: steps.map((each) => each.edit) }),
        };
  return unreadLines.length > 0 ? { ...source, unreadLines } : source;
}

/**
 * The change source of the first read of a file with no plan stored yet: its items become
 * the plan, and its lines that are no items are named with them, or the model would never
 * hear of them (they are not new at any later save).
 */
export function readSource(
  items: number,
  unreadLines: { line: number; text: string }[],
): ChangeSource {
  return {
    tool: 'plan-file:read',
    summary: `read ${items} items from the plan file`,
    ...(unreadLines.length > 0 && { unreadLines }),
  };
}

/** The timeline's line for a save: its changes, the first few named when there are many. */
function saveSummary(steps: readonly FileEditStep[]): string {
  if (steps.length === 0) return 'lines that are no items';
  const named = steps.slice(0, 3).map((each) => each.summary);
  const more = steps.length - named.length;
  return more > 0 ? `${named.join('; ')} and ${more} more` : named.join('; ');
}
