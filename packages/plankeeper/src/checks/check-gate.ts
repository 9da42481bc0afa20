/**
 * The person's checks as a host runs them when the model wants to answer: the workspace's
 * fingerprint (taken when a turn starts and when the model answers), and one run of every
 * command in order, stopping at the first that does not pass. Whether a run is due is the
 * rules' call (harness/rules/checks-before-done.ts, `checksDue`): only when the workspace
 * changed since the checks last passed, or since the turn began when they have not.
 *
 * @example
 * const gate = new CheckGate(checkSettings('npm test')!);
 * const start = await gate.state();           // when the turn starts
 * // … the model works …
 * const now = await gate.state();             // when it answers
 * if (now !== start) run = await gate.run();  // then the rules read `run`
 */
import type { CheckRun } from './check-result.js';
import type { CheckSettings } from './check-settings.js';
import { runCheck } from './run-check.js';
import { workspaceState } from './workspace-state.js';

export interface CheckGateOptions {
  /** Absolute paths whose changes are not work (the plan file). */
  ignore?: readonly string[];
}

export class CheckGate {
  constructor(
    readonly settings: CheckSettings,
    private readonly options: CheckGateOptions = {},
  ) {}

  /** The fingerprint of every folder a command runs in. */
  async state(): Promise<string> {
    const folders = [...new Set(this.settings.commands.map((check) => check.cwd))];
    const states = await Promise.all(
      folders.map((folder) => workspaceState(folder, { ignore: this.options.ignore ?? [] })),
    );
    return states.join(':');
  }

  /** Runs the commands in order; the first that fails (or runs out of time) ends the run. */
  async run(signal?: AbortSignal): Promise<CheckRun> {
    const results = [];
    for (const check of this.settings.commands) {
      const result = await runCheck(check, signal);
      results.push(result);
      // A command that cannot start is the person's to fix, and blocks nothing.
      if (result.outcome === 'failed' || result.outcome === 'timed-out') {
        return { ok: false, results };
      }
    }
    return { ok: true, results };
  }

  /** The longest the commands may take together: a host's hook timeout must be above it. */
  get timeoutMs(): number {
    return this.settings.commands.reduce((sum, check) => sum + check.timeoutMs, 0);
  }
}
