/**
 * The plan file is written by the plan tools only: an agent's own tool call that would write
 * it (a file tool on its path, a shell command that redirects onto it, a patch that touches it)
 * is refused before it runs. Otherwise the plan-file store would read the model's edit as a
 * person's, and the model could tick an item a check refused or add steps past an approval.
 * Decided from the hook input alone: a call that does not touch the plan file opens no store.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import type { LocaleId } from 'plankeeper/harness';
import { getLocale } from 'plankeeper/harness';
import type { HookAdapter, HostAnswer, ToolCall } from '../hook-adapter.js';
import { writtenPaths } from './written-paths.js';

/**
 * The refusal of the pre-tool event `input` when its call would write `planPath` (absolute);
 * undefined for any other event or call. `cwd` is where relative paths start when the input
 * does not say.
 */
export function planFileRefusal(
  adapter: HookAdapter,
  eventName: string,
  input: Record<string, unknown>,
  planPath: string,
  cwd: string,
  locale: LocaleId,
): HostAnswer | undefined {
  const call = adapter.toolCall?.(eventName, input);
  if (!call || !writesPlanFile(call, planPath, cwd)) return undefined;
  const base = call.cwd ?? cwd;
  const shown = relative(base, planPath);
  const file = shown === '' || shown.startsWith('..') || isAbsolute(shown) ? planPath : shown;
  return { kind: 'deny', reason: getLocale(locale).planFile.toolEdit(call.tool, file) };
}

/** Whether `call` would write, move or delete the file at `planPath` (absolute). */
export function writesPlanFile(call: ToolCall, planPath: string, cwd: string): boolean {
  const base = call.cwd !== undefined && isAbsolute(call.cwd) ? call.cwd : cwd;
  const { paths, intoFolders, trees } = writtenPaths(call);
  const plan = resolve(planPath);
  if (paths.some((path) => samePath(pathIn(base, path), plan))) return true;
  if (trees.some((tree) => holds(pathIn(base, tree), plan))) return true;
  const name = basename(plan);
  return intoFolders.some(
    ({ folder, names }) => names.includes(name) && sameFolder(pathIn(base, folder), dirname(plan)),
  );
}

/** Whether the folder `tree` holds `path`, at any depth. */
function holds(tree: string, path: string): boolean {
  const inside = relative(tree, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

function pathIn(base: string, path: string): string {
  const home = path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
  return resolve(base, home);
}

/** The same file, also when one path runs through a symbolic link to the other's folder. */
function samePath(path: string, plan: string): boolean {
  if (path === plan) return true;
  return basename(path) === basename(plan) && sameFolder(dirname(path), dirname(plan));
}

function sameFolder(one: string, other: string): boolean {
  if (resolve(one) === resolve(other)) return true;
  try {
    return realpathSync(one) === realpathSync(other);
  } catch {
    return false;
  }
}
