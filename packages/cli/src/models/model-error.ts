/**
 * A model provider failed: bad key, unknown model, rate limit or server error that outlived
 * the SDK's retries, an unreachable endpoint, or an answer we cannot read. The message is
 * one line naming the provider, the status and what to do next, so a CLI can print it as is.
 */
import { PlankeeperError } from 'plankeeper';

/** What went wrong, for callers that react differently (say, wait longer after `rate-limit`). */
export type ModelErrorCode =
  | 'authentication'
  | 'permission'
  | 'not-found'
  | 'bad-request'
  | 'rate-limit'
  | 'server'
  | 'connection'
  | 'timeout'
  | 'aborted'
  | 'invalid-response'
  | 'unknown';

const modelErrorMarker = Symbol.for('plankeeper.error.ModelError');

export class ModelError extends PlankeeperError {
  readonly [modelErrorMarker] = true;

  constructor(
    message: string,
    readonly details: {
      provider: string;
      code: ModelErrorCode;
      /** HTTP status, when the provider answered with one. */
      status?: number;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.name = 'ModelError';
  }

  static override isInstance(value: unknown): value is ModelError {
    return PlankeeperError.hasMarker(value, modelErrorMarker);
  }

  get provider(): string {
    return this.details.provider;
  }

  get code(): ModelErrorCode {
    return this.details.code;
  }

  get status(): number | undefined {
    return this.details.status;
  }
}
