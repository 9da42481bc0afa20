/**
 * What a resident hook client (resident-client.ts) and its one-shot fallback (one-shot-hook.ts)
 * need of the integration that starts them: OpenCode's plugin and Copilot CLI's extension each
 * start `plankeeper hook <agent>` their own way and read its answer in their own shape.
 */
export interface HookClient<Answer> {
  /** `plankeeper hook <agent>` as setup found it to be started: the program, then its arguments. */
  readonly command: readonly string[];
  /** The hook's options after the event (`--store URL`, `--lang zh`, …). */
  readonly options: readonly string[];
  /** Where the store is found; undefined: this process's own directory. */
  readonly cwd: string | undefined;
  /** How long an answer to `event` may take before it is given up as neutral. */
  timeoutFor(event: string): number;
  /** The answer in what a hook process printed for one event; undefined for none. */
  parse(stdout: string): Answer | undefined;
  /** One line of plankeeper's stderr (a store that is down, say) for the host's log. */
  log(line: string): void;
  /** Nothing of the resident may keep the host's process running (OpenCode's plugin). */
  readonly unref?: boolean;
  /** Told the pid of each `--serve` process as it is started. */
  started?(pid: number): void;
}

/** Asks plankeeper about one event; resolves to its answer, or undefined for none. */
export type AskHook<Answer> = (event: string, input: unknown) => Promise<Answer | undefined>;
