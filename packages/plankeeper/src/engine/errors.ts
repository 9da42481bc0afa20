/**
 * Programmer mistakes throw a subclass of {@link PlankeeperError}. Model mistakes never
 * throw: they come back as a rejected tool result and change nothing.
 *
 * Tell the errors apart with `isInstance`, not `instanceof`: when two copies of plankeeper
 * are installed (the host's and a dependency's), an error from one copy is not an
 * `instanceof` the other's class. Each class marks its instances with its own
 * `Symbol.for('plankeeper.error.<Name>')`, which is the same symbol in every copy, and its
 * `isInstance` checks that marker. A subclass inherits its parents' markers, so
 * `PlankeeperError.isInstance` is true for every plankeeper error.
 */
const marker = Symbol.for('plankeeper.error');

export class PlankeeperError extends Error {
  readonly [marker] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlankeeperError';
  }

  /** True for any plankeeper error, from this copy of the package or another. */
  static isInstance(value: unknown): value is PlankeeperError {
    return PlankeeperError.hasMarker(value, marker);
  }

  /**
   * For a subclass's own `isInstance`. Every subclass must define one: an inherited
   * `isInstance` would check its parent's marker and match the parent's other subclasses.
   */
  protected static hasMarker(value: unknown, classMarker: symbol): boolean {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[classMarker] === true
    );
  }
}

const recordMarker = Symbol.for('plankeeper.error.PlanRecordError');

/** A stored record could not be read: unknown format version or corrupt data. */
export class PlanRecordError extends PlankeeperError {
  readonly [recordMarker] = true;

  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Plan ${JSON.stringify(key)} cannot be loaded: ${reason}`);
    this.name = 'PlanRecordError';
  }

  static override isInstance(value: unknown): value is PlanRecordError {
    return PlankeeperError.hasMarker(value, recordMarker);
  }
}

const conflictMarker = Symbol.for('plankeeper.error.PlanConflictError');

/** A write kept losing compare-and-set races; the store is under extreme contention. */
export class PlanConflictError extends PlankeeperError {
  readonly [conflictMarker] = true;

  constructor(key: string, attempts: number) {
    super(`Plan ${JSON.stringify(key)} changed under ${attempts} consecutive writes; giving up.`);
    this.name = 'PlanConflictError';
  }

  static override isInstance(value: unknown): value is PlanConflictError {
    return PlankeeperError.hasMarker(value, conflictMarker);
  }
}

const configurationMarker = Symbol.for('plankeeper.error.ConfigurationError');

/**
 * An option, argument or wiring that cannot work, such as a limit of 0 or registering the
 * plan tools twice. Loops that feed tool failures back to the model rethrow this one: the
 * developer has to fix it, the model cannot.
 */
export class ConfigurationError extends PlankeeperError {
  readonly [configurationMarker] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConfigurationError';
  }

  static override isInstance(value: unknown): value is ConfigurationError {
    return PlankeeperError.hasMarker(value, configurationMarker);
  }
}
