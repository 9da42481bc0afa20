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

const fileMarker = Symbol.for('plankeeper.error.StoreFileError');

/**
 * A SQLite store's file cannot be used as asked: its directory is a file, it is not
 * writable, or it was deleted or replaced under a running process.
 */
export class StoreFileError extends PlankeeperError {
  readonly [fileMarker] = true;

  constructor(
    /** The database file. */
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreFileError';
  }

  static override isInstance(value: unknown): value is StoreFileError {
    return PlankeeperError.hasMarker(value, fileMarker);
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
    /**
     * What went wrong: the server is not reachable, it refused the login or database, or
     * it stopped answering a store that had been using it (`lost`).
     */
    readonly reason: 'unreachable' | 'refused' | 'lost' = 'unreachable',
  ) {
    super(
      reason === 'lost'
        ? `the ${server} server at ${url} is unreachable (${describeCause(cause)}), so the plan store cannot answer. Check that the server is running, then retry.`
        : `cannot use the ${server} server at ${url} (${describeCause(cause)}). ${
            reason === 'refused'
              ? 'Check the user, password and database name in the URL'
              : "Check that the server is running and that the URL's host and port are right"
          }, or use another store.`,
      { cause },
    );
    this.name = 'StoreUnavailableError';
  }

  static override isInstance(value: unknown): value is StoreUnavailableError {
    return PlankeeperError.hasMarker(value, unavailableMarker);
  }
}

/**
 * True for ioredis's MaxRetriesPerRequestError: a command given up after the client's
 * reconnect attempts failed. Told by its message too, since its name is its class's
 * name, which a bundler that renames classes changes.
 */
export function isRetriesExhausted(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'MaxRetriesPerRequestError' ||
      error.message.startsWith('Reached the max retries per request limit'))
  );
}

function describeCause(cause: unknown): string {
  if (isRetriesExhausted(cause)) {
    const attempts = /\(which is (\d+)\)/.exec((cause as Error).message)?.[1];
    return attempts ? `no answer after ${attempts} retries` : 'no answer';
  }
  if (!(cause instanceof Error)) return String(cause);
  // AggregateError (several addresses tried) carries the useful messages inside.
  const inner = cause instanceof AggregateError ? cause.errors[0] : undefined;
  const message = cause.message || (inner instanceof Error ? inner.message : '');
  return message || cause.name;
}
