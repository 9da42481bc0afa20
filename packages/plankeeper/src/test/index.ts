/**
 * `plankeeper/test`: test helpers for code built on plankeeper. `ScriptedModel` replays a
 * scripted conversation through the real harness (no API key); `storeContract` is the
 * suite every plankeeper store passes, to run against a store of your own (needs vitest).
 *
 * @example
 * import { ScriptedModel } from 'plankeeper/test';
 * const model = new ScriptedModel([{ tool: 'todo_read', args: {} }, { final: 'Done.' }]);
 */
export {
  ScriptExhaustedError,
  ScriptedModel,
  type ScriptedToolCall,
  type ScriptStep,
} from './scripted-model.js';
export { type StoreContractTarget, storeContract } from './store-contract.js';
export { planRecord, sleep, waitFor } from './store-test-helpers.js';
