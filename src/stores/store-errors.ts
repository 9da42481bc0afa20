/**
 * Errors of the durable stores. Both are programmer or deployment mistakes, so they
 * throw a {@link PlankeeperError} subclass with a message that says what to do instead.
 */
import { PlankeeperError } from '../engine/errors.js';

/** A store URL that names no store we know, or names one in a form we cannot read. */
export class StoreUrlError extends PlankeeperError {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Cannot open store ${JSON.stringify(url)}: ${reason}`);
    this.name = 'StoreUrlError';
  }
}

/** The database was written by a newer plankeeper, or its schema is not ours. */
export class StoreSchemaError extends PlankeeperError {
  constructor(message: string) {
    super(message);
    this.name = 'StoreSchemaError';
  }
}
