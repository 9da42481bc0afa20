/**
 * `plankeeper/checks`: the person's own check commands, run by the host so that "done" means
 * they pass. A host gives `verify` (a command, `{ command, cwd?, timeoutMs?, maxRefusals? }`, or
 * a list); `checkSettings` reads it, `CheckGate` fingerprints the workspace and runs the
 * commands, and the rules (`plankeeper/rules`, checks-before-done) say when a run is due and
 * answer for its result. PlanHarness and every adapter take `verify` and do all of this.
 *
 * @example
 * import { CheckGate, checkSettings } from 'plankeeper/checks';
 * const gate = new CheckGate(checkSettings({ command: 'npm test', maxRefusals: 2 })!);
 * const run = await gate.run();
 * run.ok; // false
 * run.results[0]; // { command: 'npm test', outcome: 'failed', exit: 1, durationMs: 1234, tail: '…' }
 */
export { CheckGate, type CheckGateOptions } from './check-gate.js';
export {
  CHECK_OUTCOMES,
  type CheckOutcome,
  type CheckRecord,
  type CheckResult,
  type CheckRun,
  checkEnding,
  checkSummary,
  decisiveResult,
  outputTail,
  readCheckResult,
} from './check-result.js';
export {
  type CheckCommand,
  type CheckSettings,
  checkSettings,
  DEFAULT_CHECK_TIMEOUT_MS,
  DEFAULT_MAX_REFUSALS,
  type VerifyOption,
  type VerifyOptions,
} from './check-settings.js';
export { keepCheckRun } from './keep-check-run.js';
export { runCheck } from './run-check.js';
export { type WorkspaceStateOptions, workspaceState } from './workspace-state.js';
