/** How `plankeeper todos` names who made a stored change. */
import type { ChangeSource } from 'plankeeper/stores';
import { oneLine } from '../commands/todos-view.js';

/**
 * A revision's source in one line: "todos_add (call_a): added #1", "person:cancel (by Ana):
 * cancelled #2", and in a shared list its writer: "todo_write (call_b, by sess-b): …".
 */
export function sourceLabel(source: ChangeSource): string {
  const who = [
    source.callId ?? (source.name && `by ${source.name}`),
    source.owner !== undefined && `by ${source.owner}`,
  ].filter(Boolean);
  return oneLine(
    `${source.tool}${who.length ? ` (${who.join(', ')})` : ''}${source.summary ? `: ${source.summary}` : ''}`,
  );
}
