/**
 * Tells a lost or refused connection to a store's server apart from other errors, so
 * callers can report "the server is down" in one line instead of a driver stack trace.
 */
import { isRetriesExhausted, StoreUnavailableError } from '../store-errors.js';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** Messages of ioredis and pg when their connection ended, which carry no error code. */
const CONNECTION_ENDED = [
  'Connection is closed.',
  'timeout expired',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
];

/** True for a connection failure (or an error caused by one) rather than a rejected command. */
export function isConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (StoreUnavailableError.isInstance(current)) return true;
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (isRetriesExhausted(current)) return true;
    if (CONNECTION_ENDED.some((message) => current instanceof Error && current.message === message))
      return true;
    if (current instanceof AggregateError && current.errors.some(isConnectionFailure)) return true;
    current = current.cause;
  }
  return false;
}
