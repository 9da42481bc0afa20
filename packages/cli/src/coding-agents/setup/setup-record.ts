/**
 * What setup records of one agent's run for the next (manifest.ts's `Created`): the files and
 * folders it created, what it owns in each file, and the way back to the bytes of each file the
 * person had; and on `--remove`, the file restored from that record, and what passes to an
 * agent still set up.
 */
import { createHash } from 'node:crypto';
import { IGNORED } from './gitignore-edit.js';
import { undoText } from './json-edit.js';
import type { Created, Manifest } from './manifest.js';
import { missingDirs } from './safe-write.js';
import type { FileEdit, SetupAgent } from './types.js';

/** The agent's record after a run that wrote `changed` (of all its `edits`). */
export function recordAfter(
  record: Created,
  edits: readonly FileEdit[],
  changed: readonly FileEdit[],
): Created {
  return {
    files: union(
      record.files,
      changed.filter((edit) => edit.before === undefined).map((edit) => edit.path),
    ),
    dirs: union(
      record.dirs,
      changed.flatMap((edit) => (edit.before === undefined ? missingDirs(edit.path) : [])),
    ),
    ...ownedRecord(edits, record),
  };
}

/**
 * A removal that leaves `others` set up hands them what is still theirs too: the .gitignore
 * line and the folders setup created (to the first), and each entry an edit kept for another.
 */
export function handOverOnRemove(
  manifest: Manifest,
  record: Created,
  edits: readonly FileEdit[],
  others: readonly string[],
  gitignore: string,
): void {
  if (others.length > 0) {
    handOver(manifest, record, gitignore, others[0]!, [IGNORED]);
    // Folders setup created that still hold another agent's files (.plankeeper/ with the
    // records, say) go when the last agent is removed.
    const heir = manifest.created[others[0] as SetupAgent];
    if (heir) heir.dirs = union(heir.dirs, record.dirs);
  }
  for (const edit of edits) {
    if (edit.keptFor) {
      handOver(manifest, record, edit.path, edit.keptFor, record.owned?.[edit.path] ?? []);
    }
  }
}

/**
 * What a removal leaves in a file for an agent still set up passes to it: the .gitignore line
 * (`facts`), or a shared `.mcp.json` server; with it the file's way back, and a file setup
 * created.
 */
function handOver(
  manifest: Manifest,
  record: Created,
  path: string,
  heir: string,
  facts: readonly string[],
): void {
  if (!facts.every((fact) => record.owned?.[path]?.includes(fact))) return;
  const next = manifest.created[heir as SetupAgent];
  if (!next) return;
  next.owned = { ...next.owned, [path]: union(next.owned?.[path] ?? [], facts) };
  const undo = record.undo?.[path];
  if (undo && !next.undo?.[path]) next.undo = { ...next.undo, [path]: undo };
  if (record.files.includes(path)) next.files = union(next.files, [path]);
}

/**
 * A removal's result: the file's bytes from before setup when it is still as setup left it;
 * else the agent's edit (only what setup owns taken out), deleted when setup created the file
 * and nothing is left in it.
 */
export function restored(edit: FileEdit, record: Created): FileEdit {
  if (edit.shared) return edit;
  const undo = record.undo?.[edit.path];
  if (edit.before !== undefined && undo && sha256(edit.before) === undo.after) {
    return { ...edit, after: undoText(edit.before, undo.steps) };
  }
  // Only a file setup created goes when emptied; one the user had stays, even as `{}`.
  if (edit.empty && record.files.includes(edit.path)) return { ...edit, after: undefined };
  return edit;
}

/** What setup owns in each file, and the way back to the bytes of each file the user had. */
function ownedRecord(edits: readonly FileEdit[], record: Created): Pick<Created, 'owned' | 'undo'> {
  const owned = { ...record.owned };
  const undo = { ...record.undo };
  for (const edit of edits) {
    if (edit.owned?.length) owned[edit.path] = edit.owned;
    else delete owned[edit.path];
    if (edit.after === edit.before || edit.after === undefined) continue;
    const earlier = undo[edit.path];
    const chained =
      earlier && edit.before !== undefined && sha256(edit.before) === earlier.after
        ? earlier.steps
        : undefined;
    if (edit.undo && (chained || !earlier)) {
      undo[edit.path] = { after: sha256(edit.after), steps: [...(chained ?? []), ...edit.undo] };
    } else {
      // Changed by the person since (or not a file setup can step back): remove works by entry.
      delete undo[edit.path];
    }
  }
  return {
    ...(Object.keys(owned).length > 0 && { owned }),
    ...(Object.keys(undo).length > 0 && { undo }),
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
