/**
 * The PostgreSQL tables, created on first use. Creation runs under a transaction-scoped
 * advisory lock, so processes that start together against an empty database create the
 * tables once instead of tripping over each other's `CREATE TABLE IF NOT EXISTS` (which
 * is not safe against a concurrent twin). An older schema is upgraded in place under the
 * same lock; a schema newer than this code refuses to load.
 */
import type { Pool } from 'pg';
import { StoreSchemaError } from '../store-errors.js';
import { POSTGRES_SCHEMA_VERSION, type PostgresTables } from './postgres-tables.js';

/**
 * Harness states, apart from the plans: a state write touches neither a plan row nor a
 * revision, so it sends no NOTIFY. The state is text, not jsonb, so that it reads back
 * exactly as written (jsonb refuses a \u0000 escape in a string, for one).
 */
function createStates({ states }: PostgresTables): string {
  return `
CREATE TABLE IF NOT EXISTS ${states} (
  key        text PRIMARY KEY,
  version    integer NOT NULL,
  state      text NOT NULL,
  expires_at timestamptz
);
CREATE INDEX IF NOT EXISTS ${states}_expiry ON ${states} (expires_at) WHERE expires_at IS NOT NULL;
`;
}

function createTables(tables: PostgresTables): string {
  const { meta, plans, revisions } = tables;
  return `
CREATE TABLE IF NOT EXISTS ${meta} (
  name  text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE IF NOT EXISTS ${plans} (
  key        text PRIMARY KEY,
  agent      text NOT NULL,
  session    text NOT NULL,
  scope      text[],
  version    integer NOT NULL,
  record     jsonb NOT NULL,
  total      integer NOT NULL,
  open       integer NOT NULL,
  updated_at bigint NOT NULL,
  expires_at timestamptz,
  epoch      text
);
CREATE INDEX IF NOT EXISTS ${plans}_owner ON ${plans} (agent, session);
CREATE INDEX IF NOT EXISTS ${plans}_expiry ON ${plans} (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS ${revisions} (
  id      bigserial PRIMARY KEY,
  key     text NOT NULL,
  version integer NOT NULL,
  at      bigint NOT NULL,
  record  jsonb,
  source  jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS ${revisions}_key ON ${revisions} (key, id);
${createStates(tables)}`;
}

/** Step from version N to N + 1, keyed by N. Each keeps every plan and revision. */
const UPGRADES: Record<number, (tables: PostgresTables) => string> = {
  // 1 → 2: plans get an epoch (see the store contract); existing ones get theirs on their next write.
  1: ({ plans }) => `ALTER TABLE ${plans} ADD COLUMN IF NOT EXISTS epoch text`,
  // 2 → 3: harness states get their table; no plan or revision changes.
  2: createStates,
};

/** Creates, upgrades or checks the tables; throws {@link StoreSchemaError} for a newer or foreign schema. */
export async function prepareSchema(pool: Pool, tables: PostgresTables): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `plankeeper-schema:${tables.meta}`,
    ]);
    const found = await client.query<{ present: string | null }>(
      'SELECT to_regclass($1)::text AS present',
      [tables.meta],
    );
    if (found.rows[0]?.present) {
      const row = await client.query<{ value: string }>(
        `SELECT value FROM ${tables.meta} WHERE name = 'schema_version'`,
      );
      const version = Number(row.rows[0]?.value);
      if (!Number.isInteger(version) || version < 1) {
        throw new StoreSchemaError(
          `Table ${tables.meta} has no plankeeper schema version; it was not created by plankeeper. Choose another tablePrefix.`,
        );
      }
      if (version > POSTGRES_SCHEMA_VERSION) {
        throw new StoreSchemaError(
          `Tables ${tables.plans}/${tables.revisions} use plan store schema version ${version}, but this plankeeper knows up to version ${POSTGRES_SCHEMA_VERSION}. Upgrade plankeeper to use them.`,
        );
      }
      for (let from = version; from < POSTGRES_SCHEMA_VERSION; from++) {
        await client.query(UPGRADES[from]!(tables));
      }
      if (version < POSTGRES_SCHEMA_VERSION) {
        await client.query(`UPDATE ${tables.meta} SET value = $1 WHERE name = 'schema_version'`, [
          String(POSTGRES_SCHEMA_VERSION),
        ]);
      }
    } else {
      await client.query(createTables(tables));
      await client.query(`INSERT INTO ${tables.meta} (name, value) VALUES ('schema_version', $1)`, [
        String(POSTGRES_SCHEMA_VERSION),
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
