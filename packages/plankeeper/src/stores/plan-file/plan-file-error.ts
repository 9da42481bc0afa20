/**
 * A plan file plankeeper will not read or write as it is (too large, not UTF-8, read-only,
 * mid-merge). The message is one line in English that names the file and says what to do;
 * `planFileProblem` is the same as data, for a host to word in the model's or person's
 * language (locale `planFile.refusal`). Nothing is written until the person has done it.
 */
import { PlankeeperError } from '../../engine/errors.js';
import { type PlanFileProblem, planFileProblemText } from '../../engine/store/plan-file-problem.js';

const marker = Symbol.for('plankeeper.error.PlanFileError');

export class PlanFileError extends PlankeeperError {
  readonly [marker] = true;

  constructor(readonly planFileProblem: PlanFileProblem) {
    super(planFileProblemText(planFileProblem));
    this.name = 'PlanFileError';
  }

  static override isInstance(value: unknown): value is PlanFileError {
    return PlankeeperError.hasMarker(value, marker);
  }
}
