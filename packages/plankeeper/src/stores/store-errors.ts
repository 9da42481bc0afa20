/**
 * Errors of the durable stores. All are programmer or deployment mistakes, so they
 * throw a {@link PlankeeperError} subclass with a message that says what to do instead.
 */
import { PlankeeperError } from '../engine/errors.js';

/** A store URL that names no store we know, or names one in a form we cannot read. */
const urlMarker = Symbol.for('plankeeper.error.StoreUrlError');

export class StoreUrlError extends PlankeeperError {
  readonly [urlMarker] = true;

  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Cannot open store ${JSON.stringify(url)}: ${reason}`);
    this.name = 'StoreUrlError';
  }

  static override isInstance(value: unknown): value is StoreUrlError {
    return PlankeeperError.hasMarker(value, urlMarker);
  }
}

const schemaMarker = Symbol.for('plankeeper.error.StoreSchemaError');

/** The database was written by a newer plankeeper, or its schema is not ours. */
export class StoreSchemaError extends PlankeeperError {
  readonly [schemaMarker] = true;

  constructor(message: string) {
    super(message);
    this.name = 'StoreSchemaError';
  }

  static override isInstance(value: unknown): value is StoreSchemaError {
    return PlankeeperError.hasMarker(value, schemaMarker);
  }
}

const nativeModuleMarker = Symbol.for('plankeeper.error.SqliteNativeModuleError');

/**
 * better-sqlite3 is installed but its compiled part cannot be loaded: never built (install
 * scripts skipped) or built for another Node version. `cause` keeps the loader's error,
 * whose message is a list of every path it tried.
 */
export class SqliteNativeModuleError extends PlankeeperError {
  readonly [nativeModuleMarker] = true;
  /** What is wrong, without the advice, for callers that word the fix their own way. */
  static readonly problem = 'the better-sqlite3 native module is missing or built for another Node';

  constructor(cause: unknown) {
    super(
      `${SqliteNativeModuleError.problem}: run \`npm rebuild better-sqlite3\`, or use another store (memory, Redis or PostgreSQL).`,
      { cause },
    );
    this.name = 'SqliteNativeModuleError';
  }

  static override isInstance(value: unknown): value is SqliteNativeModuleError {
    return PlankeeperError.hasMarker(value, nativeModuleMarker);
  }
}

const unavailableMarker = Symbol.for('plankeeper.error.StoreUnavailableError');

/**
 * The store's server cannot be used: it is not running, not reachable, or refuses the
 * credentials or database in the URL. `cause` keeps the driver's error.
 */
export class StoreUnavailableError extends PlankeeperError {
  readonly [unavailableMarker] = true;

  constructor(
    readonly server: 'Redis' | 'PostgreSQL',
    /** The store URL with its password removed. */
    readonly url: string,
    cause: unknown,
    /** What went wrong: the server is not reachable, or it refused the login or database. */
    readonly reason: 'unreachable' | 'refused' = 'unreachable',
  ) {
    const advice =
      reason === 'refused'
        ? 'Check the user, password and database name in the URL'
        : "Check that the server is running and that the URL's host and port are right";
    super(
      `cannot use the ${server} server at ${url} (${describeCause(cause)}). ${advice}, or use another store.`,
      { cause },
    );
    this.name = 'StoreUnavailableError';
  }

  static override isInstance(value: unknown): value is StoreUnavailableError {
    return PlankeeperError.hasMarker(value, unavailableMarker);
  }
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // AggregateError (several addresses tried) carries the useful messages inside.
  const inner = cause instanceof AggregateError ? cause.errors[0] : undefined;
  const message = cause.message || (inner instanceof Error ? inner.message : '');
  return message || cause.name;
}
