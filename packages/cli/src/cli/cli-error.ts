import { PlankeeperError } from 'plankeeper';
import { EXIT } from './exit-codes.js';

/** A user-facing CLI failure: printed as one line (no stack trace) with its exit code. */
export class CliError extends PlankeeperError {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
