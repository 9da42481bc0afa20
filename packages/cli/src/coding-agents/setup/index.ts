import { CODING_AGENT_NAMES } from '../registry.js';

export { setupReport } from './report.js';
export {
  PLANKEEPER_BIN,
  type SetupOptions,
  type SetupOutcome,
  StoreUrlError,
  setup,
} from './run-setup.js';
export { type SetupAgent, SetupConfigError } from './types.js';

/** The agents `plankeeper setup` takes: registry.ts's. */
export const SETUP_AGENTS = CODING_AGENT_NAMES;
