/**
 * `--plan-file PATH` of `mcp`, `todos` and the hooks setup writes: the plan kept in a
 * Markdown checklist in the repository (plankeeper/stores/plan-file), shared by every
 * session as the list named for the file's path in its project, over the store the command
 * opened.
 */
import { closeSync, openSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

export const PLAN_FILE_HELP =
  'keep the plan in this Markdown checklist, which people edit too; every session shares it';

/** Refuses a path that cannot be a plan file, in one line, before anything is written. */
export function checkPlanFilePath(flag: string, path: string): void {
  const kind = (target: string) => {
    try {
      return statSync(target).isDirectory() ? 'folder' : 'file';
    } catch {
      return 'none';
    }
  };
  if (basename(path) === '' || kind(path) === 'folder') {
    throw new CliError(
      `${flag}: ${path} is a folder; name a Markdown file, such as PLAN.md.`,
      EXIT.usage,
    );
  }
  if (kind(dirname(path)) !== 'folder') {
    throw new CliError(`${flag}: the folder of ${path} does not exist.`, EXIT.usage);
  }
  checkReadable(flag, path);
}

/**
 * Refuses a plan file that is there but cannot be read (a symlink loop, no permission) in
 * one line: the store would otherwise fail on its first read, deep in a stack trace.
 */
function checkReadable(flag: string, path: string): void {
  let handle: number;
  try {
    handle = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // created on the first write
    const why =
      code === 'ELOOP'
        ? 'is a symlink loop; point it at a file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'cannot be read (no permission); fix its mode or owner'
          : `cannot be read (${code ?? (error as Error).message})`;
    throw new CliError(`${flag}: ${path} ${why}.`, EXIT.usage);
  }
  closeSync(handle);
}

/** For a read of the plan only (no change to write): a file that is not there is said so. */
export function checkPlanFileExists(flag: string, path: string): void {
  if (statOrNone(path)) return;
  throw new CliError(
    `${flag}: ${path} does not exist; check the path, or create it with --add TEXT.`,
    EXIT.usage,
  );
}

function statOrNone(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
