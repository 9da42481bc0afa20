/**
 * What a person reads about their own change to a plan (`plankeeper todos --cancel 2`,
 * the dashboard), and what the model reads about a person's change. Kept apart from the
 * model's tool texts: a person is told what is wrong, not how to resend a tool call.
 */
import type { PersonEditProblem } from '../engine/operations/person-edit.js';
import type { PersonEditInfo } from '../engine/store/plan-store.js';

export interface PersonTexts {
  /** One line for the model: "Changed by a person (Ana): cancelled #2; added #5". */
  changedBy(name: string | undefined, edits: readonly PersonEditInfo[]): string;
  /** One line for the person: why their change was refused (nothing was changed). */
  problem(problem: PersonEditProblem): string;
}
