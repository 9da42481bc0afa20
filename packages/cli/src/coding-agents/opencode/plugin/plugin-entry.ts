/**
 * The entry of the plugin file `plankeeper setup opencode` installs: the build bundles it, with
 * everything it imports, into one file (scripts/build-opencode-plugin.mjs), and setup writes
 * that file below the settings of the project it sets up (../plugin-source.ts). These
 * constants are those settings: declared here, defined by setup at the top of the file.
 * The file's one export is the plugin: OpenCode calls every function a plugin file exports.
 */
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plankeeperPlugin } from './plankeeper-plugin.js';

declare const COMMAND: readonly string[];
declare const OPTIONS: readonly string[];
declare const HOLDS_FOR_APPROVAL: boolean;
declare const GUARDS_PLAN_FILE: boolean;
declare const SESSION_ARGUMENT: string;
declare const SCOPE_ARGUMENT: string;
declare const STOP_TIMEOUT_MS: number;

/**
 * The project this file is in (`.opencode/plugin/`). A devDependency's bin is written relative
 * to the project (setup/launch-command.ts); OpenCode may have been started in a sub-folder,
 * where the hook process runs, so the path is taken from here.
 */
const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const command = COMMAND.map((word, index) =>
  index > 0 && word.startsWith('node_modules/') && !isAbsolute(word) ? join(PROJECT, word) : word,
);

export const PlankeeperPlugin = plankeeperPlugin({
  command,
  options: OPTIONS,
  holdsForApproval: HOLDS_FOR_APPROVAL,
  guardsPlanFile: GUARDS_PLAN_FILE,
  sessionArgument: SESSION_ARGUMENT,
  scopeArgument: SCOPE_ARGUMENT,
  stopTimeoutMs: STOP_TIMEOUT_MS,
});
