/**
 * What the model reads about the evidence rule and completion verifiers: why a completion
 * was refused, the warning for one without evidence, and the built-in verifiers' refusals.
 * Kept apart from the tool texts so the rule reads as one piece in each language.
 */
import type { PlanIssue } from '../engine/plan-issue.js';
import type { TodoItem } from '../engine/todo-item.js';

export type EvidenceIssue = Extract<PlanIssue, { code: 'no_evidence' | 'completion_refused' }>;

export interface EvidenceTexts {
  /** One corrective line for a refused completion. */
  issue(issue: EvidenceIssue): string;
  /** Under `warn`: the items just completed with no tool call to show for them. */
  unproven(items: readonly Pick<TodoItem, 'id' | 'content'>[]): string;
  /** A verifier threw: the completion is refused, the model told it could not be checked. */
  verifierFailed(message: string): string;
  /** A verifier did not answer in time. */
  verifierTimedOut(seconds: number): string;
  /** Built-in: none of `tools` succeeded since the item started. */
  toolMissing(tools: readonly string[]): string;
  /** Built-in: the reason names none of the calls that count (`tools`; empty when none succeeded). */
  citeCall(tools: readonly string[]): string;
  /**
   * The person's check command failed with an exit code (or was ended by a signal, a
   * string); `tail` is its last output lines (may be empty).
   */
  commandFailed(command: string, exit: number | string, tail: string): string;
  /** The person's check command did not finish in time. */
  commandTimedOut(command: string, seconds: number): string;
}
