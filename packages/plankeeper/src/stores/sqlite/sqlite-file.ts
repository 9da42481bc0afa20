/**
 * The SQLite store's file on disk: making its directory, telling whether it can be
 * written, and noticing when it was deleted or replaced under a running process (an open
 * file descriptor keeps writing into the unlinked file, so those writes would succeed
 * and then be gone on the next start).
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreFileError } from '../store-errors.js';

/** Creates the file's directory; a path through a regular file gets one clear line. */
export function makeDirectoryFor(file: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    const blocking = firstFileOnPath(dirname(file));
    throw new StoreFileError(
      file,
      `${blocking ?? dirname(file)} is a file, not a directory; pick another path for the store.`,
      { cause: error },
    );
  }
}

/** The first regular file (or other non-directory) among `dir` and its ancestors. */
function firstFileOnPath(dir: string): string | undefined {
  let found: string | undefined;
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(current) && !statSync(current).isDirectory()) found = current;
    if (dirname(current) === current) return found;
  }
}

/**
 * True when the store could write `file`: the file (when it exists) and its directory
 * (SQLite puts its -wal and -shm files there), or, before the file exists, the nearest
 * directory that does. access(2) answers for this process, root and read-only mounts included.
 */
export function isWritableLocation(file: string): boolean {
  let dir = dirname(file);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return (!existsSync(file) || canWrite(file)) && canWrite(dir);
}

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Which file a path names now: device and inode, or undefined when it names none. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

export function identify(file: string): FileIdentity | undefined {
  try {
    const { dev, ino } = statSync(file);
    return { dev, ino };
  } catch {
    return undefined;
  }
}

/**
 * Throws unless `file` still names the file the store opened. One stat per read and two per
 * write (before, so nothing lands in a deleted file; after the commit, for a deletion in
 * between): the price of never showing a deleted file's plans or acknowledging a lost write.
 */
export function checkSameFile(file: string, opened: FileIdentity, use: 'read' | 'write'): void {
  const now = identify(file);
  if (now?.dev === opened.dev && now.ino === opened.ino) return;
  const what = `the SQLite store file ${file} was ${now ? 'replaced' : 'deleted'} while this process had it open`;
  throw new StoreFileError(
    file,
    use === 'write'
      ? `the plan change was not saved: ${what}. Restart the process to open the store again.`
      : `plans not read: ${what}. Restart the process to open the store again.`,
  );
}
