/**
 * Plan epochs (see the store contract): an id that tells two lifetimes of one key apart,
 * since versions restart at 1 when a plan is created again after a delete or expiry.
 */

/** A fresh epoch for a plan being created. */
export function newEpoch(): string {
  return globalThis.crypto.randomUUID();
}
