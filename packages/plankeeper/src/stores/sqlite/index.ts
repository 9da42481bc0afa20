/**
 * `plankeeper/stores/sqlite`: plans in a SQLite file (better-sqlite3), shared by every
 * process on one machine and kept across restarts.
 *
 * @example
 * import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
 * const store = new SqlitePlanStore({ path: '.plankeeper/plans.db' });
 */
export { SQLITE_SCHEMA_VERSION } from './sqlite-schema-version.js';
export {
  type SqliteConnection,
  SqlitePlanStore,
  type SqliteStoreOptions,
} from './sqlite-store.js';
