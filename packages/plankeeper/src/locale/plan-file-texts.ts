/**
 * What the model reads when it edits the plan file with its own file or shell tools: the plan
 * tools keep the file, and an agent's edit of it is never taken as a person's.
 */
export interface PlanFileTexts {
  /** The result of a refused call of `tool` that would write the plan file `file`. */
  toolEdit(tool: string, file: string): string;
}
