/**
 * Opens a better-sqlite3 database. The package loads its compiled module on the first
 * `new Database`, and when that module is missing or built for another Node its error
 * is a list of a dozen paths; this turns it into one line with the fix.
 */
import Database, { type Database as SqliteDatabase } from 'better-sqlite3';
import { SqliteNativeModuleError } from '../store-errors.js';

export function openDatabase(path: string | Buffer, options: Database.Options): SqliteDatabase {
  try {
    return new Database(path, options);
  } catch (error) {
    if (isNativeModuleFailure(error)) throw new SqliteNativeModuleError(error);
    throw error;
  }
}

function isNativeModuleFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // ERR_DLOPEN_FAILED: built for another Node (NODE_MODULE_VERSION) or another platform;
  // the "bindings" package's own error: never built at all.
  return (
    code === 'ERR_DLOPEN_FAILED' ||
    (typeof message === 'string' && message.startsWith('Could not locate the bindings file'))
  );
}
