/** Exit codes every command uses, so scripts can tell a failed run from a bad invocation. */
export const EXIT = {
  ok: 0,
  /** The agent run ended with an error (step budget, script ran out, model failure). */
  runFailed: 1,
  /** Bad flags, arguments or input files. */
  usage: 2,
  /** Missing configuration, such as an API key. */
  config: 3,
} as const;
