/** How `plankeeper todos` names who made a stored change. */
import type { Locale } from 'plankeeper';
import type { ChangeSource } from 'plankeeper/stores';
import { oneLine } from '../commands/todos-view.js';
import { checkRevisionLabel } from './verification-lines.js';

/**
 * A revision's source in one line: "todos_add (call_a): added #1", "person:cancel (by Ana):
 * cancelled #2", and in a shared list its writer: "todo_write (call_b, by sess-b): …". A run
 * of the person's check is named as one: "check before the answer: npm test → exit 0 in 1.2 s".
 */
export function sourceLabel(source: ChangeSource, locale: Locale): string {
  if (source.check) return checkRevisionLabel(source.check, locale);
  const who = [
    source.callId ?? (source.name && `by ${source.name}`),
    source.owner !== undefined && `by ${source.owner}`,
  ].filter(Boolean);
  return oneLine(
    `${source.tool}${who.length ? ` (${who.join(', ')})` : ''}${source.summary ? `: ${source.summary}` : ''}`,
  );
}
