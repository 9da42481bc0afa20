/**
 * Why a plan file is refused (stores/plan-file), as data: the store throws it inside its
 * error, and whoever shows the refusal to the model or a person words it in their language
 * (locale `planFile.refusal`). Here, beside the store interface, because the locale and the
 * hosts may not import a store; the English words too, which the error's own message and the
 * English locale share.
 */
import { groupDigits } from '../group-digits.js';

export type PlanFileProblem =
  | { code: 'too-many-bytes'; file: string; bytes: number; limit: number }
  | { code: 'too-many-items'; file: string; items: number; limit: number }
  | { code: 'not-utf8'; file: string }
  | { code: 'read-only'; file: string }
  | { code: 'merge-conflict'; file: string; line: number };

/** The plan-file problem an error carries (a PlanFileError), or undefined. */
export function planFileProblemOf(error: unknown): PlanFileProblem | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const problem = (error as { planFileProblem?: unknown }).planFileProblem;
  return typeof problem === 'object' && problem !== null ? (problem as PlanFileProblem) : undefined;
}

const SPLIT = 'Move finished items out of it, or split it into two files.';

/** The problem in one English line: the file, what is wrong with it, what to do. */
export function planFileProblemText(problem: PlanFileProblem): string {
  switch (problem.code) {
    case 'too-many-bytes':
      return `${problem.file} is ${groupDigits(problem.bytes)} bytes; a plan file holds at most ${groupDigits(problem.limit)} bytes (1 MiB). ${SPLIT}`;
    case 'too-many-items':
      return `${problem.file} has ${groupDigits(problem.items)} items; a plan file holds at most ${groupDigits(problem.limit)}. ${SPLIT}`;
    case 'not-utf8':
      return `${problem.file} is not UTF-8; save it as UTF-8, then plankeeper reads it again.`;
    case 'read-only':
      return `${problem.file} is read-only; make it writable (chmod u+w) for plankeeper to write the plan.`;
    case 'merge-conflict':
      return `${problem.file} has an unresolved merge conflict (line ${problem.line}); resolve it and save, then plankeeper reads the file again.`;
  }
}
