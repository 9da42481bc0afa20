/**
 * `plankeeper/test`: test helpers for code built on plankeeper. `ScriptedModel` replays a
 * scripted conversation through the real harness (no API key); `planRecord` and `waitFor`
 * help store tests. Nothing here loads a test runner, so a program may replay a script at
 * run time (the CLI's `run --script` does). The store suite that needs vitest is its own
 * entry: `plankeeper/test/store-contract`.
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
export { planRecord, sleep, waitFor } from './store-test-helpers.js';
