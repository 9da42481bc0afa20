/** A suite that cannot run as given (missing folder, task without task.md, unknown arm): the person's to fix. */
import { PlankeeperError } from 'plankeeper';

const suiteErrorMarker = Symbol.for('plankeeper.error.SuiteError');

export class SuiteError extends PlankeeperError {
  readonly [suiteErrorMarker] = true;

  constructor(message: string) {
    super(message);
    this.name = 'SuiteError';
  }

  static override isInstance(value: unknown): value is SuiteError {
    return PlankeeperError.hasMarker(value, suiteErrorMarker);
  }
}
