/**
 * What the installed plugin file knows of the setup that wrote it: setup writes these as
 * constants at the top of the file (plugin-source.ts), above the code built from this folder
 * (plugin-entry.ts reads them), so the code itself is the same for every project.
 */
export interface PluginSettings {
  /** `plankeeper hook opencode` as setup found it to be started: the program, then its arguments. */
  readonly command: readonly string[];
  /** The hook's options after the event (`--store URL`, `--lang zh`, …). */
  readonly options: readonly string[];
  /** Setup's `--approval`: a call of another tool waits while the plan waits for a person. */
  readonly holdsForApproval: boolean;
  /** Setup's `--plan-file`: a call that would write the plan file is refused (plan-file-guard). */
  readonly guardsPlanFile: boolean;
  /** The plan key's arguments for plankeeper's MCP server (session-arguments.ts). */
  readonly sessionArgument: string;
  readonly scopeArgument: string;
  /**
   * Milliseconds the end of a turn may wait for its answer: the person's checks run then
   * (setup: their timeouts and a margin); absent: HOOK_TIMEOUT_MS, as every other event.
   */
  readonly stopTimeoutMs?: number;
}

/** The event the person's checks run on: the final text of a turn. */
export const STOP_EVENT = 'experimental.text.complete';

/** Above the hook's own 3 s deadline: it answers neutrally before it is cut off. */
export const HOOK_TIMEOUT_MS = 5000;
/** OpenCode's own server (session lookup, adding a message) must not hang a turn either. */
export const CLIENT_TIMEOUT_MS = 5000;
/** OpenCode's names for plankeeper's MCP tools. */
export const PLAN_TOOL_PREFIX = 'plankeeper_';

/** How long the plugin waits for plankeeper's answer to `event`. */
export function timeoutFor(settings: PluginSettings, event: string): number {
  return event === STOP_EVENT ? (settings.stopTimeoutMs ?? HOOK_TIMEOUT_MS) : HOOK_TIMEOUT_MS;
}
