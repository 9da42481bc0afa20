/**
 * `plankeeper setup` as functions, for the setup command (which loads it only when it runs) and
 * the tests: the runner and the report bound to the registry. The one file under setup/ that
 * imports registry.ts: the helpers beside it take the descriptors they need as arguments, so the
 * agents, which import those helpers, never come back round to themselves.
 */
import { CODING_AGENT_NAMES } from '../agent-names.js';
import { CODING_AGENTS, codingAgent } from '../registry.js';
import { setupReport as reportFor } from './report.js';
import { runSetup, type SetupOptions, type SetupOutcome } from './run-setup.js';

export {
  PLANKEEPER_BIN,
  type SetupOptions,
  type SetupOutcome,
  StoreUrlError,
} from './run-setup.js';
export { type SetupAgent, SetupConfigError } from './types.js';

/** The agents `plankeeper setup` takes: agent-names.ts's (the registry's). */
export const SETUP_AGENTS = CODING_AGENT_NAMES;

/** `plankeeper setup <agent>`: plans every edit, then writes them (run-setup.ts). */
export function setup(options: SetupOptions): SetupOutcome {
  return runSetup(CODING_AGENTS, options);
}

/** What setup tells the person (report.ts), with the notes of the agent set up. */
export function setupReport(outcome: SetupOutcome): string {
  return reportFor(outcome, codingAgent(outcome.ctx.agent));
}
