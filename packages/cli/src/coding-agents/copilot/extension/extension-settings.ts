/**
 * What the installed extension file knows of the setup that wrote it: setup writes these as
 * constants at the top of the file (../extension-source.ts), above the code built from this
 * folder (extension-entry.ts reads them), so the code itself is the same for every project.
 */
export interface ExtensionSettings {
  /** `plankeeper hook copilot` as setup found it to be started: the program, then its arguments. */
  readonly command: readonly string[];
  /** The hook's options after the event (`--store URL`, `--lang zh`, …). */
  readonly options: readonly string[];
  /** The Copilot hook events the extension answers (the rest stay in the hooks file). */
  readonly events: readonly string[];
  /** Milliseconds the end of a turn may wait: the person's checks run then. */
  readonly stopTimeoutMs: number;
}

/** Above the hook's own 3 s deadline: it answers neutrally before it is cut off. */
export const HOOK_TIMEOUT_MS = 5000;

/** The events on which the person's checks run: the end of a turn, the main agent's or a sub-agent's. */
const STOP_EVENTS = new Set(['agentStop', 'subagentStop']);

/** How long the extension waits for plankeeper's answer to `event`. */
export function timeoutFor(settings: ExtensionSettings, event: string): number {
  return STOP_EVENTS.has(event) ? settings.stopTimeoutMs : HOOK_TIMEOUT_MS;
}
