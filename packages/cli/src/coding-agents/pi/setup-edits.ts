/**
 * Pi: one file, `.pi/extensions/plankeeper.ts` (extension-source.ts), which Pi loads from the
 * project by itself. It is plankeeper's own file: setup rewrites it and --remove deletes it,
 * unless the person has edited it since (then it is left, and the report says so).
 */
import { join } from 'node:path';
import { loadOnUse } from '../setup/load-on-use.js';
import type { FileEdit, KeptReason, ReadText, SetupContext } from '../setup/types.js';
import { EXTENSION_MARKER, piExtensionSource } from './extension-source.js';

/** For the extension's hash only; not loaded by the hook, which imports this module too. */
const crypto = loadOnUse<typeof import('node:crypto')>('node:crypto');
const sha256 = (text: string) => crypto().createHash('sha256').update(text).digest('hex');

export function piEdits(ctx: SetupContext, read: ReadText, remove: boolean): FileEdit[] {
  const path = join(ctx.dir, '.pi', 'extensions', 'plankeeper.ts');
  const before = read(path);
  const recorded = ctx.owned(path);
  const unchanged = before === undefined || recorded.includes(`sha256:${sha256(before)}`);
  const kept: KeptReason[] = before?.startsWith(EXTENSION_MARKER) ? [{ edited: true }] : [];
  if (remove) {
    if (before === undefined) return [{ path, before, after: before, changes: [] }];
    if (!unchanged) return [{ path, before, after: before, changes: [], kept }];
    return [{ path, before, after: undefined, changes: ['the extension'], empty: true }];
  }
  if (!unchanged) return [{ path, before, after: before, changes: [], kept, owned: [...recorded] }];
  const after = piExtensionSource(ctx);
  const owned = [`sha256:${sha256(after)}`];
  if (after === before) return [{ path, before, after: before, changes: [], owned }];
  return [
    {
      path,
      before,
      after,
      changes: ['the extension (plan tools, the plan before each model call, checks at the end)'],
      owned,
    },
  ];
}
