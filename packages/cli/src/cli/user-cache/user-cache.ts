/**
 * The files plankeeper keeps in the user's cache folder (`<cache>/plankeeper/<kind>/<file>`):
 * the MCP server's remembered listing answers (mcp-early/answer-cache.ts) and the compiled
 * code of the command bundles (compile-cache.ts). Nothing in them is a person's: any file may
 * be deleted at any time, and one that cannot be read or written is simply not used. What
 * another user could have written is not used either (checked as ssh checks its files), nor
 * a folder under /proc, /sys or /dev, where creating folders never ends.
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';

/** A file not written for this long belongs to a build or command line no longer run. */
const STALE_MS = 30 * 24 * 60 * 60 * 1000;

/** The user's cache folder, as each platform names it. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CACHE_HOME) return env.XDG_CACHE_HOME;
  if (process.platform === 'win32' && env.LOCALAPPDATA) return env.LOCALAPPDATA;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  return join(homedir(), '.cache');
}

/** `<cache>/plankeeper/<kind>/<name>`. */
export function userCacheFile(
  kind: string,
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return join(cacheRoot(env), 'plankeeper', kind, name);
}

/**
 * Replaces `file` whole (a reader never sees half of it); a failure leaves it as it was.
 * Writing a new file also clears out the stale ones of earlier builds in its folder.
 */
export function replaceCacheFile(file: string, data: string | Uint8Array): void {
  const folder = join(file, '..');
  const temporary = `${file}.${process.pid}.tmp`;
  if (!trustedCacheFile(file)) return;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const isNew = readdirSync(folder).every((name) => join(folder, name) !== file);
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, file);
    if (isNew) removeStale(folder, Date.now() - STALE_MS);
  } catch {
    // A read-only or full disk: the next start goes without, as with no cache.
  }
}

function removeStale(folder: string, before: number): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    try {
      if (statSync(path).mtimeMs < before) unlinkSync(path);
    } catch {
      // Taken by another process meanwhile.
    }
  }
}

/** Kernel file systems: no cache lives there, and recursive mkdir may never return. */
const KERNEL_FOLDERS = ['/proc', '/sys', '/dev'];

/**
 * Whether `file` and the two folders plankeeper makes for it can hold only what this user
 * wrote: each absent, or this user's and writable by nobody else, a real folder or file (not
 * a link another user could point elsewhere), and outside the kernel's file systems.
 */
export function trustedCacheFile(file: string): boolean {
  const path = resolve(file);
  if (KERNEL_FOLDERS.some((root) => path === root || path.startsWith(`${root}${sep}`))) {
    return false;
  }
  const uid = process.getuid?.();
  if (uid === undefined) return true; // Windows: the user's own profile folder.
  const kind = join(path, '..');
  return [join(kind, '..'), kind, path].every((each) => {
    try {
      const stat = lstatSync(each);
      const isKind = each === path ? stat.isFile() : stat.isDirectory();
      return isKind && stat.uid === uid && (stat.mode & 0o022) === 0;
    } catch {
      return true; // Absent: made by this process, 0700 and 0600.
    }
  });
}
