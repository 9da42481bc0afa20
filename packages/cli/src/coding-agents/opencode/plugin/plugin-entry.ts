/**
 * The entry of the plugin file `plankeeper setup opencode` installs: the build bundles it, with
 * everything it imports, into one file (scripts/build-opencode-plugin.mjs), and setup writes
 * that file below the settings of the project it sets up (../plugin-source.ts). These
 * constants are those settings: declared here, defined by setup at the top of the file.
 * The file's one export is the plugin: OpenCode calls every function a plugin file exports.
 */
import { plankeeperPlugin } from './plankeeper-plugin.js';

declare const COMMAND: readonly string[];
declare const OPTIONS: readonly string[];
declare const HOLDS_FOR_APPROVAL: boolean;
declare const GUARDS_PLAN_FILE: boolean;
declare const SESSION_ARGUMENT: string;
declare const SCOPE_ARGUMENT: string;
declare const STOP_TIMEOUT_MS: number;

export const PlankeeperPlugin = plankeeperPlugin({
  command: COMMAND,
  options: OPTIONS,
  holdsForApproval: HOLDS_FOR_APPROVAL,
  guardsPlanFile: GUARDS_PLAN_FILE,
  sessionArgument: SESSION_ARGUMENT,
  scopeArgument: SCOPE_ARGUMENT,
  stopTimeoutMs: STOP_TIMEOUT_MS,
});
