/**
 * The CLI's wording of a better-sqlite3 that cannot load: the library's one-line fix,
 * with the way out the CLI has (`--store memory`) named as its flag.
 */
import { SqliteNativeModuleError } from 'plankeeper/stores';
import { describe, expect, it, vi } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { openCliStore } from '../../src/cli/store-option.js';

vi.mock('plankeeper/stores', async (importOriginal) => {
  const stores = await importOriginal<typeof import('plankeeper/stores')>();
  return {
    ...stores,
    openStore: async () => {
      throw new stores.SqliteNativeModuleError(new Error('Could not locate the bindings file.'));
    },
  };
});

describe('openCliStore without a loadable better-sqlite3', () => {
  it('says what to run, or which --store to use instead', async () => {
    const opened = openCliStore('sqlite:.plankeeper/plans.db');
    await expect(opened).rejects.toBeInstanceOf(CliError);
    await expect(opened).rejects.toMatchObject({
      exitCode: EXIT.config,
      message:
        'cannot open store sqlite:.plankeeper/plans.db: the better-sqlite3 native module is missing or built for another Node: run `npm i -g @plankeeper/cli --allow-scripts=better-sqlite3` for a global install; in a project, `npm install-scripts approve better-sqlite3` then `npm rebuild better-sqlite3`; in a plankeeper checkout, `npm run build:sqlite`; or use --store memory.',
    });
    expect(SqliteNativeModuleError.problem).toBe(
      'the better-sqlite3 native module is missing or built for another Node',
    );
  });
});
