import type { LocaleId } from 'plankeeper';
/** One run of one task in one arm, in a fresh workspace the suite runner made and will check. */
export interface SuiteRunInput {
  readonly taskId: string;
  readonly workspace: string; // absolute path, files/ already copied in
  readonly prompt: string; // task.md (or task.zh.md) text
  readonly arm: string; // 'off' | 'light' | 'standard' | 'strict' | 'checks'
  readonly checkCommand: string; // the task's check, for the 'checks' arm
  readonly locale: LocaleId;
  readonly signal: AbortSignal;
}
export interface SuiteRunUsage {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
}
/** What the run did; `error` set when the run could not complete (endpoint down, CLI crashed): never scored. `retryable` when a retry may succeed (429, 5xx, connection refused). */
export interface SuiteRunOutcome extends SuiteRunUsage {
  readonly error?: string;
  readonly retryable?: boolean;
  readonly transcriptFile?: string;
}
export type RunExecutor = (input: SuiteRunInput) => Promise<SuiteRunOutcome>;
