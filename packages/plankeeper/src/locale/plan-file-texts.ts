/**
 * What the model and a person read about the plan file: a refused edit of it with the model's
 * own file or shell tools (the plan tools keep the file, and an agent's edit of it is never
 * taken as a person's), and a file plankeeper will not read or write as it is.
 */
import type { PlanFileProblem } from '../engine/store/plan-file-problem.js';

export interface PlanFileTexts {
  /** The result of a refused call of `tool` that would write the plan file `file`. */
  toolEdit(tool: string, file: string): string;
  /** One line naming the file, what is wrong with it and what to do. */
  refusal(problem: PlanFileProblem): string;
}
