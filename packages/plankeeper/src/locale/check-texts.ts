/**
 * What the model and the person read about the person's checks before an answer: the
 * refusal (the command, how it ended, its last output lines), the notice to the person when
 * the refusals are used up or a command cannot start, the one-line summary viewers show, and
 * the goal check's question when it can name the checks' result instead of asking the model
 * to judge its own work.
 */
import type { CheckResult } from '../engine/check-record.js';

export interface CheckTexts {
  /**
   * The model's answer refused: `result` failed (or timed out) after its changes. `refusal`
   * counts from 1 up to `max`.
   */
  refused(result: CheckResult, refusal: number, max: number): string;
  /** To the person: the answer went through after `max` refusals though `result` still fails. */
  stillFailing(result: CheckResult, max: number): string;
  /** To the person, once: `result`'s command could not start, so it blocks nothing. */
  cannotStart(result: CheckResult): string;
  /** One line: `npm test → exit 0 in 12.3 s`. */
  summary(result: CheckResult): string;
  /** The goal check where checks are configured: the request, and the checks' last result. */
  goalCheck(task: string, last: CheckResult): string;
}

/** Seconds with one decimal. */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * Command output as model text: control characters other than line breaks and tabs removed
 * (no terminal escapes reach a terminal that shows it), and no fence of its own that could
 * close the block it is quoted in.
 */
export function quotedOutput(tail: string): string {
  const plain = tail.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
  return `\`\`\`\n${plain.replace(/```/g, "'''")}\n\`\`\``;
}
