/**
 * A better-sqlite3 whose compiled module cannot load (never built, or built for another
 * Node) is reported as one line with the fix, not the loader's list of tried paths.
 */

import { openStore, SqliteNativeModuleError } from 'plankeeper/stores';
import { describe, expect, it, vi } from 'vitest';

const failure = vi.hoisted(() => ({ error: new Error('unset') as Error }));
vi.mock('better-sqlite3', () => ({
  default: class {
    constructor() {
      throw failure.error;
    }
  },
}));

const FIX =
  'the better-sqlite3 native module is missing or built for another Node: run `npm rebuild better-sqlite3`, or use another store (memory, Redis or PostgreSQL).';

describe('SQLite store without a loadable better-sqlite3 native module', () => {
  it('says what to run when the module was never built', async () => {
    failure.error = new Error(
      'Could not locate the bindings file. Tried:\n → build/better_sqlite3.node\n → build/Debug/better_sqlite3.node',
    );
    const opened = openStore('sqlite::memory:');
    await expect(opened).rejects.toThrow(SqliteNativeModuleError);
    await expect(opened).rejects.toThrow(FIX);
    await expect(opened).rejects.toMatchObject({ cause: failure.error });
  });

  it('says the same when it was built for another Node', async () => {
    failure.error = Object.assign(
      new Error('was compiled against a different Node.js version using NODE_MODULE_VERSION 115'),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    await expect(openStore('sqlite::memory:')).rejects.toThrow(FIX);
  });

  it('passes other errors on as they are', async () => {
    failure.error = Object.assign(new Error('unable to open database file'), {
      code: 'SQLITE_CANTOPEN',
    });
    await expect(openStore('sqlite::memory:')).rejects.toBe(failure.error);
  });
});
