/**
 * `plankeeper/stores/postgres`: plans in PostgreSQL (pg), shared by processes on many
 * machines, with LISTEN/NOTIFY change delivery. Tables are created on first use.
 *
 * @example
 * import { PostgresPlanStore } from 'plankeeper/stores/postgres';
 * const store = new PostgresPlanStore({ connectionString: process.env.DATABASE_URL });
 */
export {
  PostgresPlanStore,
  type PostgresPool,
  type PostgresStoreOptions,
} from './postgres-store.js';
export { POSTGRES_SCHEMA_VERSION, type PostgresTables } from './postgres-tables.js';
