/**
 * Where `plankeeper mcp` remembers its answers to a client's listing requests (see
 * early-answers.ts): one small JSON file per build and command line, in the user's cache
 * folder. Nothing in it is a person's: any file may be deleted at any time, and one that
 * cannot be read or written is simply not used.
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

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
