/** One JSON config file's edit: parse, let the agent's code change it, print it back. */
import { type JsonObject, parseJsonDoc, printJsonDoc } from './json-file.js';
import type { FileEdit, ReadText } from './types.js';

/**
 * `mutate` changes the parsed object in place and pushes a description of each change. A
 * file that would end up `{}` and did not exist before is not created; one left `{}` is
 * marked `empty`, and the caller deletes it only if setup created it.
 */
export function editJson(
  path: string,
  read: ReadText,
  mutate: (settings: JsonObject, changes: string[]) => void,
): FileEdit {
  const before = read(path);
  const doc = parseJsonDoc(path, before);
  const changes: string[] = [];
  mutate(doc.value, changes);
  const empty = Object.keys(doc.value).length === 0;
  const after = changes.length === 0 ? before : printJsonDoc(doc);
  if (empty && before === undefined) return { path, before, after: undefined, changes: [] };
  return { path, before, after, changes, empty };
}
