/**
 * Programmer mistakes throw a subclass of {@link PlankeeperError}. Model mistakes never
 * throw: they come back as a rejected tool result and change nothing.
 */
const marker = Symbol.for('plankeeper.error');

export class PlankeeperError extends Error {
  readonly [marker] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlankeeperError';
  }

  /**
   * Works across duplicate copies of the package, unlike `instanceof`. On a subclass it
   * matches that subclass (by class name along the prototype chain), e.g.
   * `PlanRecordError.isInstance(error)`.
   */
  static isInstance<T extends PlankeeperError>(
    this: abstract new (
      ...args: never[]
    ) => T,
    value: unknown,
  ): value is T {
    if (typeof value !== 'object' || value === null || !(marker in value)) return false;
    // `this` is the class the call was made on; that is the point of the method.
    // biome-ignore lint/complexity/noThisInStatic: the subclass is read from `this`
    if ((this as unknown) === PlankeeperError) return true;
    // biome-ignore lint/complexity/noThisInStatic: the subclass is read from `this`
    const name = this.name;
    for (let proto = Object.getPrototypeOf(value); proto; proto = Object.getPrototypeOf(proto)) {
      if (proto.constructor?.name === name) return true;
    }
    return false;
  }
}

/** A stored record could not be read: unknown format version or corrupt data. */
export class PlanRecordError extends PlankeeperError {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Plan ${JSON.stringify(key)} cannot be loaded: ${reason}`);
    this.name = 'PlanRecordError';
  }
}

/** A write kept losing compare-and-set races; the store is under extreme contention. */
export class PlanConflictError extends PlankeeperError {
  constructor(key: string, attempts: number) {
    super(`Plan ${JSON.stringify(key)} changed under ${attempts} consecutive writes; giving up.`);
    this.name = 'PlanConflictError';
  }
}

/** Options or wiring that cannot work, such as registering the plan tools twice. */
export class ConfigurationError extends PlankeeperError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}
