/**
 * `.plankeeper/` (the store, setup's records) in the project's `.gitignore` when setup creates
 * that folder in a git project; taken out again by the --remove that leaves no agent set up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FileEdit, ReadText, SetupContext } from './types.js';

/** The line setup adds, and records owning. */
export const IGNORED = '.plankeeper/';

export function gitignoreEdit(
  ctx: SetupContext,
  read: ReadText,
  remove: boolean,
  othersRemain: boolean,
): FileEdit[] {
  const path = join(ctx.dir, '.gitignore');
  const before = read(path);
  if (remove) {
    if (othersRemain || !ctx.owned(path).includes(IGNORED) || before === undefined) return [];
    const after = before.replace(/^\.plankeeper\/\n?/m, '');
    return [{ path, before, after, changes: [IGNORED], empty: after.trim() === '' }];
  }
  if (ctx.owned(path).includes(IGNORED))
    return [{ path, before, after: before, changes: [], owned: [IGNORED] }];
  const isGit = before !== undefined || existsSync(join(ctx.dir, '.git'));
  if (!isGit || existsSync(join(ctx.dir, '.plankeeper'))) return [];
  if (before !== undefined && /^\/?\.plankeeper\/?\s*$/m.test(before)) return [];
  const text = before ?? '';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  const added = `${separator}${IGNORED}\n`;
  return [
    {
      path,
      before,
      after: text + added,
      changes: [IGNORED],
      owned: [IGNORED],
      ...(before !== undefined && {
        undo: [[{ offset: text.length, length: added.length, content: '' }]],
      }),
    },
  ];
}
