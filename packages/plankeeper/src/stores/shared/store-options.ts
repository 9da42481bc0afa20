/**
 * Checks of the options every durable store shares, so a bad value fails when the
 * store is opened instead of as a confusing database error later.
 */
import { ConfigurationError } from '../../engine/errors.js';

/** Revisions kept per plan when no `historyLimit` is given. */
export const DEFAULT_HISTORY_LIMIT = 50;

export function resolveHistoryLimit(value: number | undefined): number {
  if (value === undefined) return DEFAULT_HISTORY_LIMIT;
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigurationError(
      `historyLimit must be a positive integer (revisions kept per plan), got ${value}.`,
    );
  }
  return value;
}

/** A TTL in whole milliseconds, or undefined for "never expires". */
export function resolveTtl(ttlMs: number | undefined): number | undefined {
  if (ttlMs === undefined) return undefined;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new ConfigurationError(
      `ttlMs must be a positive number of milliseconds, got ${ttlMs}; leave it out for a plan that never expires.`,
    );
  }
  return Math.ceil(ttlMs);
}

/** Versions are whole numbers from 0 ("absent"); anything else is a caller bug, not a conflict. */
export function checkExpectedVersion(expectedVersion: number): void {
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
    throw new ConfigurationError(
      `expectedVersion must be a whole number, 0 for a plan that does not exist yet; got ${expectedVersion}.`,
    );
  }
}

/** A duration option in milliseconds, checked once when the store is opened. */
export function resolveDuration(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(
      `${name} must be a number of milliseconds (0 or more), got ${value}.`,
    );
  }
  return value;
}
