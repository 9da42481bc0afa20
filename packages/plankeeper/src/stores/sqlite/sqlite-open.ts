/**
 * Opening the SQLite store's file: read-only when asked (or when it cannot be written and
 * the options allow that), its folder made, WAL mode and the schema set up, and the file's
 * identity taken so the store can tell when it was replaced under it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import Database, { type Database as SqliteDatabase } from 'better-sqlite3';
import { StoreFileError } from '../store-errors.js';
import { openDatabase } from './open-database.js';
import {
  type FileIdentity,
  identify,
  isWritableLocation,
  makeDirectoryFor,
} from './sqlite-file.js';
import { prepareSchema } from './sqlite-schema.js';
import type { SqliteStoreOptions } from './sqlite-store-options.js';

export interface OpenedSqlite {
  database: SqliteDatabase;
  readOnly: boolean;
  /** The file as opened (undefined for `:memory:`). */
  file: { path: string; opened: FileIdentity } | undefined;
}

/** The store's connection as `options` ask for it, waiting `openWait` ms at most for the lock. */
export function openSqliteFile(
  options: SqliteStoreOptions,
  historyLimit: number,
  openWait: number,
): OpenedSqlite {
  const inMemory = options.path === ':memory:' || options.path === '';
  const absolute = inMemory ? undefined : resolve(options.path);
  const writable = absolute === undefined || isWritableLocation(absolute);
  const readOnly =
    !inMemory &&
    (options.readOnly === true || (options.readOnly === 'if-not-writable' && !writable));
  if (absolute !== undefined && !readOnly) {
    // SQLite would open such a file read-only without a word, and fail at the first write.
    if (!writable) {
      throw new StoreFileError(
        absolute,
        `${absolute} cannot be written by this process (check the permissions of the file and its directory); pick another path for the store.`,
      );
    }
    makeDirectoryFor(absolute);
  }
  const database = readOnly
    ? openReadOnly(absolute!, openWait)
    : openDatabase(options.path, { timeout: openWait });
  try {
    if (!inMemory && !readOnly) {
      database.pragma('journal_mode = WAL');
      database.pragma(`wal_autocheckpoint = ${options.walCheckpointPages ?? 4000}`);
    }
    database.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    prepareSchema(database, options.path, {
      historyLimit: historyLimit,
      readOnly: readOnly,
    });
  } catch (error) {
    database.close();
    throw error;
  }
  const opened = absolute === undefined ? undefined : identify(absolute);
  return { database, readOnly, file: opened && { path: absolute!, opened } };
}

/**
 * Opens an existing file for reading only. A file in WAL mode needs its -shm file beside
 * it, which nothing can create in a read-only directory; then no process is writing it
 * either (a writer keeps that file), so its content is all in the main file, and a copy
 * of it, marked as not in WAL mode, reads the same.
 */
function openReadOnly(path: string, timeout: number): SqliteDatabase {
  if (!existsSync(path)) {
    throw new StoreFileError(
      path,
      `there is no SQLite store at ${path}, and this process cannot create one there.`,
    );
  }
  let database: SqliteDatabase | undefined;
  try {
    database = openDatabase(path, { readonly: true, fileMustExist: true, timeout });
    database.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
    return database;
  } catch (error) {
    database?.close();
    const code = error instanceof Database.SqliteError ? error.code : undefined;
    if (code !== 'SQLITE_READONLY_DIRECTORY' && code !== 'SQLITE_CANTOPEN') throw error;
    if (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) {
      throw new StoreFileError(
        path,
        `${path} has writes in its -wal file that this process cannot read without write access to the directory; open it once where it can be written.`,
        { cause: error },
      );
    }
  }
  const image = readFileSync(path);
  // Bytes 18 and 19 of the header: 2 means WAL mode, 1 the rollback journal.
  image[18] = 1;
  image[19] = 1;
  return openDatabase(image, { readonly: true, timeout });
}
