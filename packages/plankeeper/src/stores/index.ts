/**
 * `plankeeper/stores`: open any plan store from a URL. This entry loads no database
 * driver; each store's driver is imported when its URL is opened. To construct a store
 * directly, import it from its own entry (`plankeeper/stores/sqlite`, `/redis`,
 * `/postgres`).
 *
 * @example
 * import { openStore } from 'plankeeper/stores';
 * const store = await openStore(process.env.PLANKEEPER_STORE ?? 'sqlite:.plankeeper/plans.db');
 * const engine = new PlanEngine({ store });
 */
export { MemoryPlanStore, type MemoryStoreOptions } from '../engine/store/memory-store.js';
// For writing a store of your own: the record codec every store here uses.
export { checkRecord, decodeRecord, encodeRecord } from '../engine/store/record-codec.js';
export { copyItems, copyRecord, emptyRecord, PLAN_FORMAT } from '../engine/todo-item.js';
export {
  type OpenStoreOptions,
  openStore,
  parseStoreUrl,
  type StoreLocation,
} from './open-store.js';
export { isConnectionFailure } from './shared/connection-failure.js';
export { redact } from './shared/redact-url.js';
export {
  SqliteNativeModuleError,
  StoreFileError,
  StoreSchemaError,
  StoreUnavailableError,
  StoreUrlError,
} from './store-errors.js';
