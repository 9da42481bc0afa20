/**
 * A plan file plankeeper will not read or write as it is (too large, not UTF-8, read-only,
 * mid-merge). The message is one line that names the file and says what to do; nothing is
 * written until the person has done it.
 */
import { PlankeeperError } from '../../engine/errors.js';

const marker = Symbol.for('plankeeper.error.PlanFileError');

export class PlanFileError extends PlankeeperError {
  readonly [marker] = true;

  constructor(message: string) {
    super(message);
    this.name = 'PlanFileError';
  }

  static override isInstance(value: unknown): value is PlanFileError {
    return PlankeeperError.hasMarker(value, marker);
  }
}
