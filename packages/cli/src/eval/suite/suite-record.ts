/** One finished run as the report keeps it, and the key that makes a run resumable. */

export type RunStatus = 'passed' | 'failed' | 'error';

export interface SuiteRunRecord {
  task: string;
  arm: string;
  /** 1-based repetition. */
  rep: number;
  /** Only `passed` and `failed` are scored; `error` is a run that could not complete. */
  status: RunStatus;
  error?: string;
  /** Tries it took: more than 1 after retryable errors. */
  attempts: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  wallMs: number;
  /** The check's exit code, when it ran. */
  checkExitCode?: number | null;
  /** The end of the check's output, when it failed. */
  checkOutput?: string;
  transcriptFile?: string;
}

export function runKey(run: { task: string; arm: string; rep: number }): string {
  return `${run.task}\u0000${run.arm}\u0000${run.rep}`;
}
