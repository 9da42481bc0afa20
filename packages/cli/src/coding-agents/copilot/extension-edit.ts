/**
 * The extension file is setup's while it holds what setup wrote (its sha256 is recorded); once
 * the person edits it, a re-run keeps their version and --remove leaves it, saying so. With
 * `after` undefined (the hooks route) an extension setup wrote earlier is taken out.
 */
import { loadOnUse } from '../setup/load-on-use.js';
import type { FileEdit, KeptReason, ReadText, SetupContext } from '../setup/types.js';
import { EXTENSION_MARKER } from './extension-source.js';

/** For the file's hash only; not loaded by the hook, which imports this module too. */
const crypto = loadOnUse<typeof import('node:crypto')>('node:crypto');
const sha256 = (text: string) => crypto().createHash('sha256').update(text).digest('hex');

export function extensionEdit(
  ctx: SetupContext,
  read: ReadText,
  path: string,
  after: string | undefined,
): FileEdit {
  const before = read(path);
  const recorded = ctx.owned(path);
  const unchanged =
    before === undefined || before === after || recorded.includes(`sha256:${sha256(before)}`);
  const kept: KeptReason[] = before?.startsWith(EXTENSION_MARKER) ? [{ edited: true }] : [];
  if (after === undefined) {
    if (before === undefined) return { path, before, after: before, changes: [] };
    if (!unchanged) return { path, before, after: before, changes: [], kept };
    return { path, before, after: undefined, changes: ['the extension'], empty: true };
  }
  if (!unchanged) return { path, before, after: before, changes: [], kept, owned: [...recorded] };
  const owned = [`sha256:${sha256(after)}`];
  if (after === before) return { path, before, after: before, changes: [], owned };
  return {
    path,
    before,
    after,
    changes: ['the extension (answers the hook events in one process)'],
    owned,
  };
}
