/**
 * What a person reads about their own change to a plan (`plankeeper todos --cancel 2`,
 * the dashboard), and what the model reads about a person's change. Kept apart from the
 * model's tool texts: a person is told what is wrong, not how to resend a tool call.
 */

import type { KeptChange } from '../engine/operations/kept-change.js';
import type { PersonEditProblem } from '../engine/operations/person-edit.js';
import type { PlanIssue } from '../engine/plan-issue.js';
import type { PersonEditInfo } from '../engine/store/plan-store.js';

export interface PersonTexts {
  /** One line for the model: "Changed by a person (Ana): cancelled #2; added #5". */
  changedBy(name: string | undefined, edits: readonly PersonEditInfo[]): string;
  /** One line for the model: lines of a plan file a person wrote that are not items, kept. */
  unreadLines(lines: readonly { line: number; text: string }[]): string;
  /** One line for the person: why their change was refused (nothing was changed). */
  problem(problem: PersonEditProblem): string;
  /**
   * After a whole-list write sent from an older read: the person's changes it kept, which
   * the model had not seen and its list said otherwise ("Kept a person's changes you had
   * not seen: #2 cancelled (…)").
   */
  kept(changes: readonly KeptChange[]): string;
  /** The corrective line for a call that would undo a person's change the model had not seen. */
  changedSinceRead(issue: Extract<PlanIssue, { code: 'changed_by_person' }>): string;
}
