/**
 * `--store` as setup writes it into the project's files: checked by the core's parser, a SQLite
 * path inside the project made relative to it, and a URL with a password kept out of the files.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { parseStoreUrl, redact } from 'plankeeper/stores';
import { PROJECT_STORE_PATH } from '../project-store.js';
import type { SetupContext } from './types.js';

export class StoreUrlError extends Error {}

/**
 * The store as the commands carry it, checked by the core's parser: nothing for the default
 * (the hooks and server find the project's own at run time), a SQLite path inside the project
 * relative to it, and a URL with a password kept out of the files (`privateStore`).
 */
export function resolveStore(
  flag: string | undefined,
  dir: string,
): Pick<SetupContext, 'store' | 'privateStore' | 'storeShown'> {
  const url = flag?.trim();
  if (!url) return { storeShown: `sqlite:${PROJECT_STORE_PATH}` };
  try {
    parseStoreUrl(url);
  } catch (error) {
    throw new StoreUrlError(error instanceof Error ? error.message : String(error));
  }
  if (hasPassword(url)) return { privateStore: url, storeShown: redact(url) };
  const sqlite = /^sqlite:(?!\/\/)(.+)$/.exec(url);
  if (sqlite && sqlite[1] !== ':memory:') {
    const inside = relative(dir, resolve(dir, sqlite[1]!));
    if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) {
      return { store: `sqlite:${inside}`, storeShown: `sqlite:${inside}` };
    }
  }
  return { store: url, storeShown: url };
}

/** Whether a server URL carries a password (in its user part, or as a `password` parameter). */
function hasPassword(url: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.password !== '' || parsed.searchParams.has('password');
  } catch {
    return false;
  }
}
