/**
 * Which plan a plan file is. Not its base name: two `PLAN.md` in two folders, or in two
 * repositories that share a team store, are two plans. The list is named for the file's path
 * in its project (the top of the git work tree it is in, else its own folder) and tagged
 * with a hash of the project's absolute path.
 *
 * Why the absolute path and not the remote URL: two clones or worktrees of one repository
 * hold two copies of the file, often on different branches. Were they one plan, each read
 * would take the other copy's items in as a person's edit, the very mix-up this avoids; the
 * copies meet through git, as any other file does. The project is found from the file, not
 * from the working folder, so a hook, `plankeeper mcp` and `plankeeper todos` started
 * anywhere in the project name one plan.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { textHash } from '../../engine/text-hash.js';

/** Longest path part of the name: a list name is at most 100 characters. */
const MAX_PATH_PART = 80;

/**
 * The shared list the plan file at `path` is: `docs/PLAN.md@1x2y3z4w5v6u`.
 *
 * @example
 * planFileListName('/work/shop/PLAN.md'); // 'PLAN.md@…' when /work/shop is a git work tree's top
 */
export function planFileListName(path: string): string {
  const file = resolve(path);
  const folder = realFolder(dirname(file));
  const root = projectRoot(folder);
  const inProject = relative(root, join(folder, basename(file)))
    .split(sep)
    .join('/');
  const shown =
    inProject.length > MAX_PATH_PART ? `…${inProject.slice(-(MAX_PATH_PART - 1))}` : inProject;
  return `${shown}@${textHash(`${root}\u0000${inProject}`)}`;
}

/** The folder with symlinks resolved, so two paths to one file name one plan. */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** The top of the git work tree `folder` is in (`.git` is a folder, or a file in a worktree). */
function projectRoot(folder: string): string {
  for (let at = folder; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return at;
    if (dirname(at) === at) return folder;
  }
}
