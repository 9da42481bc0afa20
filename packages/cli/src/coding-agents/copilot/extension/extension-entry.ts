/**
 * The entry of the extension file `plankeeper setup copilot` installs: the build bundles it,
 * with everything it imports, into one file (scripts/build-copilot-extension.mjs), and setup
 * writes that file below the settings of the project it sets up (../extension-source.ts).
 * These constants are those settings: declared here, defined by setup at the top of the file.
 */
import { plankeeperExtension } from './plankeeper-extension.js';

declare const COMMAND: readonly string[];
declare const OPTIONS: readonly string[];
declare const EVENTS: readonly string[];
declare const STOP_TIMEOUT_MS: number;

await plankeeperExtension({
  command: COMMAND,
  options: OPTIONS,
  events: EVENTS,
  stopTimeoutMs: STOP_TIMEOUT_MS,
});
