import { planFileProblemText } from '../engine/store/plan-file-problem.js';
import type { PlanFileTexts } from './plan-file-texts.js';

export const enPlanFile: PlanFileTexts = {
  toolEdit: (tool, file) =>
    `Refused: ${tool} would change the plan file ${file}, which only the plan tools write. Change the plan with them (todo_write, todos_complete, …); the file follows.`,
  // The error's own message: one wording in English (engine/store/plan-file-problem.ts).
  refusal: planFileProblemText,
};
