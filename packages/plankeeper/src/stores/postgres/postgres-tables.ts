/**
 * The names of one PostgreSQL store's tables and the schema version, apart from the code
 * that creates them, so the store's public types need no PostgreSQL driver types.
 */
import { ConfigurationError } from '../../engine/errors.js';

/** Bump when the tables change, and add the step from the previous version below. */
export const POSTGRES_SCHEMA_VERSION = 3;

/** Table names of one store; a prefix lets tests and tenants share a database. */
export interface PostgresTables {
  meta: string;
  plans: string;
  revisions: string;
  /** Harness states (see the store contract), one row per key. */
  states: string;
  /** NOTIFY channel for changes. */
  channel: string;
}

export function tablesFor(prefix: string): PostgresTables {
  // The prefix is spliced into SQL identifiers, so only plain lower-case names are allowed.
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(prefix)) {
    throw new ConfigurationError(
      `tablePrefix must be lower-case letters, digits and underscores (at most 40, not starting with a digit), got ${JSON.stringify(prefix)}.`,
    );
  }
  return {
    meta: `${prefix}meta`,
    plans: `${prefix}plans`,
    revisions: `${prefix}revisions`,
    states: `${prefix}states`,
    channel: `${prefix}changes`,
  };
}
