/**
 * `--plan-file PATH` of `mcp`, `todos` and the hooks setup writes: the plan kept in a
 * Markdown checklist in the repository (plankeeper/stores/plan-file), shared by every
 * session as the list named after the file, over the store the command opened.
 */
import { statSync } from 'node:fs';
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
}
