import { PlankeeperError } from 'plankeeper';
import { EXIT } from './exit-codes.js';

const cliErrorMarker = Symbol.for('plankeeper.error.CliError');

/** A user-facing CLI failure: printed as one line (no stack trace) with its exit code. */
export class CliError extends PlankeeperError {
  readonly [cliErrorMarker] = true;

  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }

  static override isInstance(value: unknown): value is CliError {
    return PlankeeperError.hasMarker(value, cliErrorMarker);
  }
}
