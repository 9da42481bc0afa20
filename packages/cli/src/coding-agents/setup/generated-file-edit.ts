/**
 * A file setup writes whole into the project (OpenCode's plugin, Copilot CLI's extension, Pi's
 * extension): setup's while it holds what setup wrote (its sha256 is recorded); once the person
 * edits it, a re-run keeps their version and --remove leaves it, saying so. `source` is what
 * setup writes now (undefined: a route that no longer uses the file); with it undefined or
 * `remove`, setup's file is taken out. A file holding `source` is setup's even if unrecorded.
 */
import { loadOnUse } from './load-on-use.js';
import type { FileEdit, KeptReason, ReadText, SetupContext } from './types.js';

/** For the file's hash only; not loaded by the hook, which imports the agents' setup modules. */
const crypto = loadOnUse<typeof import('node:crypto')>('node:crypto');
const sha256 = (text: string) => crypto().createHash('sha256').update(text).digest('hex');

export interface GeneratedFile {
  path: string;
  /** How the file setup wrote begins: an edited copy still starting so is named as edited. */
  marker: string;
  /** What the report calls it when taken out ("the plugin"). */
  name: string;
  /** What the report calls it when written ("the plugin (runs … on its events)"). */
  written: string;
}

export function generatedFileEdit(
  ctx: SetupContext,
  read: ReadText,
  file: GeneratedFile,
  source: string | undefined,
  remove = false,
): FileEdit {
  const { path } = file;
  const before = read(path);
  const after = remove ? undefined : source;
  const recorded = ctx.owned(path);
  const unchanged =
    before === undefined || before === source || recorded.includes(`sha256:${sha256(before)}`);
  const kept: KeptReason[] = before?.startsWith(file.marker) ? [{ edited: true }] : [];
  if (after === undefined) {
    if (before === undefined) return { path, before, after: before, changes: [] };
    if (!unchanged) return { path, before, after: before, changes: [], kept };
    return { path, before, after: undefined, changes: [file.name], empty: true };
  }
  if (!unchanged) return { path, before, after: before, changes: [], kept, owned: [...recorded] };
  const owned = [`sha256:${sha256(after)}`];
  if (after === before) return { path, before, after: before, changes: [], owned };
  return { path, before, after, changes: [file.written], owned };
}
