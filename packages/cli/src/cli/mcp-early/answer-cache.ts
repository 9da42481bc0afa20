/**
 * Where `plankeeper mcp` remembers its answers to a client's listing requests (see
 * early-answers.ts): one small JSON file per build and command line, in the user's cache
 * folder (user-cache.ts says what may and may not be used from there).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { replaceCacheFile, trustedCacheFile, userCacheFile } from '../user-cache/user-cache.js';

/** A JSON-RPC answer as a server wrote it: its `result` or its `error`. */
export type CachedAnswer = { result: unknown } | { error: unknown };

/** The answers of one build and command line, by request (method and parameters). */
export type AnswerTable = Record<string, CachedAnswer>;

/**
 * The file for `identity` (what fixes the answers: the build, the arguments, plankeeper's own
 * environment variables), named by its hash so that no argument (a store URL with a password)
 * is written out.
 */
export function cacheFile(identity: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const hash = createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
  return userCacheFile('mcp-answers', `${hash}.json`, env);
}

export function readAnswers(file: string): AnswerTable {
  if (!trustedCacheFile(file)) return {};
  try {
    const table: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return table !== null && typeof table === 'object' && !Array.isArray(table)
      ? (table as AnswerTable)
      : {};
  } catch {
    return {};
  }
}

/** Replaces the file whole; a failure leaves it as it was (user-cache.ts). */
export function writeAnswers(file: string, table: AnswerTable): void {
  replaceCacheFile(file, JSON.stringify(table));
}
