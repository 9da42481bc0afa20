/**
 * Where `plankeeper mcp` remembers its answers to a client's listing requests (see
 * early-answers.ts): one small JSON file per build and command line, in the user's cache
 * folder. Nothing in it is a person's: any file may be deleted at any time, and one that
 * cannot be read or written is simply not used. What another user could have written is not
 * used either (checked as ssh checks its files), nor a folder under /proc, /sys or /dev,
 * where creating folders never ends.
 */
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';

/** A file not written for this long belongs to a build or command line no longer run. */
const STALE_MS = 30 * 24 * 60 * 60 * 1000;

/** A JSON-RPC answer as a server wrote it: its `result` or its `error`. */
export type CachedAnswer = { result: unknown } | { error: unknown };

/** The answers of one build and command line, by request (method and parameters). */
export type AnswerTable = Record<string, CachedAnswer>;

/** The user's cache folder, as each platform names it. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_CACHE_HOME) return env.XDG_CACHE_HOME;
  if (process.platform === 'win32' && env.LOCALAPPDATA) return env.LOCALAPPDATA;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches');
  return join(homedir(), '.cache');
}

/**
 * The file for `identity` (what fixes the answers: the build, the arguments, plankeeper's own
 * environment variables), named by its hash so that no argument (a store URL with a password)
 * is written out.
 */
export function cacheFile(identity: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const hash = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
  return join(cacheRoot(env), 'plankeeper', 'mcp-answers', `${hash}.json`);
}

export function readAnswers(file: string): AnswerTable {
  if (!trusted(file)) return {};
  try {
    const table: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return table !== null && typeof table === 'object' && !Array.isArray(table)
      ? (table as AnswerTable)
      : {};
  } catch {
    return {};
  }
}

/**
 * Replaces the file whole (a reader never sees half of it); a failure leaves it as it was.
 * Writing a new file also clears out the stale ones of earlier builds.
 */
export function writeAnswers(file: string, table: AnswerTable): void {
  const folder = join(file, '..');
  const temporary = `${file}.${process.pid}.tmp`;
  if (!trusted(file)) return;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const isNew = readdirSync(folder).every((name) => join(folder, name) !== file);
    writeFileSync(temporary, JSON.stringify(table), { mode: 0o600 });
    renameSync(temporary, file);
    if (isNew) removeStale(folder, Date.now() - STALE_MS);
  } catch {
    // A read-only or full disk: the next start answers after loading, as without the cache.
  }
}

function removeStale(folder: string, before: number): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    try {
      if (statSync(path).mtimeMs < before) unlinkSync(path);
    } catch {
      // Taken by another server meanwhile.
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
function trusted(file: string): boolean {
  const path = resolve(file);
  if (KERNEL_FOLDERS.some((root) => path === root || path.startsWith(`${root}${sep}`))) {
    return false;
  }
  const uid = process.getuid?.();
  if (uid === undefined) return true; // Windows: the user's own profile folder.
  const answers = join(path, '..');
  return [join(answers, '..'), answers, path].every((each) => {
    try {
      const stat = lstatSync(each);
      const kind = each === path ? stat.isFile() : stat.isDirectory();
      return kind && stat.uid === uid && (stat.mode & 0o022) === 0;
    } catch {
      return true; // Absent: made by this process, 0700 and 0600.
    }
  });
}
