export { setupReport } from './report.js';
export {
  PLANKEEPER_BIN,
  type SetupOptions,
  type SetupOutcome,
  StoreUrlError,
  setup,
} from './run-setup.js';
export { SETUP_AGENTS, type SetupAgent, SetupConfigError } from './types.js';
