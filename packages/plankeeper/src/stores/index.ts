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
 *
 * It also holds the types a store author implements (`PlanStore` and its records,
 * revisions and changes) and the person-edit types of hosts that let people change a
 * stored plan (the `todos` command, the dashboard), with what a write from an older read
 * kept of their changes (`KeptChange`, in a `todo_write` result's `kept`).
 */

export type { KeptChange } from '../engine/operations/kept-change.js';
export type {
  PersonEdit,
  PersonEditProblem,
  PersonTextField,
} from '../engine/operations/person-edit.js';
export type { PersonEditOutcome } from '../engine/plan-engine.js';
export { keyIsWithin } from '../engine/plan-key.js';
export { MemoryPlanStore, type MemoryStoreOptions } from '../engine/store/memory-store.js';
// What a store implements and returns: the interface, its records, revisions and changes.
export { personEdits } from '../engine/store/person-edits.js';
// Why a plan file was refused (size, encoding, merge conflict, …), for a host's own wording.
export { type PlanFileProblem, planFileProblemOf } from '../engine/store/plan-file-problem.js';
export type * from '../engine/store/plan-store.js';
// For writing a store of your own: the record codec every store here uses.
export { checkRecord, decodeRecord, encodeRecord } from '../engine/store/record-codec.js';
export {
  copyItems,
  copyRecord,
  emptyRecord,
  PLAN_FORMAT,
  type PlanApproval,
  type PlanRecord,
} from '../engine/todo-item.js';
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
