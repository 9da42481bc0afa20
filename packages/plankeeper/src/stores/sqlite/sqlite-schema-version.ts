/** The SQLite file layout this code writes; bump it with an upgrade step in sqlite-schema.ts. */
export const SQLITE_SCHEMA_VERSION = 4;
