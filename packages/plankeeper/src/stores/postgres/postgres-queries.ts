/**
 * The SQL of the PostgreSQL store. Each write is a single statement whose CTEs change
 * the plan, append the revision, trim old revisions and queue the NOTIFY together: one
 * round trip, atomic without an explicit transaction, and the notification goes out
 * only when the statement commits. Queries are named, so pg prepares each once per
 * connection.
 */
import type { PostgresTables } from './postgres-tables.js';

export interface PostgresQueries {
  get: string;
  update: string;
  insert: string;
  liveVersion: string;
  delete: string;
  list: string;
  history: string;
  revisionById: string;
  revisionsAfter: string;
  newestRevisionId: string;
  purgeOne: string;
  purgeAll: string;
  getState: string;
  updateState: string;
  insertState: string;
  liveStateVersion: string;
  purgeState: string;
}

const LIVE = '(expires_at IS NULL OR expires_at > clock_timestamp())';
/** The expiry of a write whose TTL in ms (or null for none) is parameter `ttl`. */
const expiry = (ttl: string) =>
  `CASE WHEN ${ttl}::bigint IS NULL THEN NULL ELSE clock_timestamp() + ${ttl}::bigint * interval '1 millisecond' END`;
const EXPIRY = expiry('$7');

export function queriesFor({ plans, revisions, states, channel }: PostgresTables): PostgresQueries {
  // Shared tail of every write: revision, trim to the newest `limit`, notify.
  // The trim sees the table as it was before this statement, so it keeps limit - 1 old rows.
  const tail = (changed: string, at: string, record: string, source: string, limit: string) => `
, revision AS (
  INSERT INTO ${revisions} (key, version, at, record, source)
  SELECT key, version, ${at}, ${record}, ${source} FROM ${changed}
  RETURNING id, key, version
), trimmed AS (
  DELETE FROM ${revisions}
  WHERE key = $1 AND EXISTS (SELECT 1 FROM ${changed}) AND id <= (
    SELECT id FROM ${revisions} WHERE key = $1 ORDER BY id DESC OFFSET ${limit} - 1 LIMIT 1)
), notified AS (
  SELECT pg_notify('${channel}', json_build_object('id', id, 'key', key, 'version', version)::text)
  FROM revision
)
SELECT (SELECT version FROM revision) AS version, (SELECT epoch FROM ${changed}) AS epoch,
  (SELECT count(*) FROM notified) AS notified`;

  return {
    get: `SELECT version, record, epoch, NOT ${LIVE} AS expired FROM ${plans} WHERE key = $1`,

    // $1 key, $2 expected, $3 record, $4 total, $5 open, $6 updated_at, $7 ttl ms, $8 at, $9 source, $10 limit,
    // $11 expected epoch (null: any). A plan from schema 1 gets its epoch on its next write.
    update: `
WITH changed AS (
  UPDATE ${plans} SET version = version + 1, record = $3::jsonb, total = $4::int, open = $5::int,
    updated_at = $6::bigint, expires_at = ${EXPIRY},
    epoch = coalesce(epoch, md5(random()::text || clock_timestamp()::text))
  WHERE key = $1::text AND version = $2::int AND ($11::text IS NULL OR epoch = $11::text)
    AND ${LIVE}
  RETURNING key, version, epoch
)${tail('changed', '$8::bigint', '$3::jsonb', '$9::jsonb', '$10::int')}`,

    // As update ($2 is 0 here), plus $11 agent, $12 session, $13 scope, $14 new epoch. An
    // expired row counts as absent: the upsert replaces it, and `stale` drops the expired
    // plan's revisions.
    insert: `
WITH stale AS (
  DELETE FROM ${revisions} WHERE key = $1::text AND EXISTS (
    SELECT 1 FROM ${plans} WHERE key = $1::text AND NOT ${LIVE})
), changed AS (
  INSERT INTO ${plans} AS plan
    (key, agent, session, scope, version, record, total, open, updated_at, expires_at, epoch)
  VALUES ($1::text, $11::text, $12::text, $13::text[], $2::int + 1, $3::jsonb, $4::int, $5::int,
    $6::bigint, ${EXPIRY}, $14::text)
  ON CONFLICT (key) DO UPDATE SET version = excluded.version, record = excluded.record,
    total = excluded.total, open = excluded.open, updated_at = excluded.updated_at,
    expires_at = excluded.expires_at, epoch = excluded.epoch
  WHERE plan.expires_at IS NOT NULL AND plan.expires_at <= clock_timestamp()
  RETURNING key, version, epoch
)${tail('changed', '$8::bigint', '$3::jsonb', '$9::jsonb', '$10::int')}`,

    liveVersion: `SELECT version FROM ${plans} WHERE key = $1 AND ${LIVE}`,

    // $1 key, $2 at, $3 source, $4 limit. The key's harness state goes too, plan or not.
    delete: `
WITH state_gone AS (
  DELETE FROM ${states} WHERE key = $1::text
), changed AS (
  DELETE FROM ${plans} WHERE key = $1::text AND ${LIVE}
  RETURNING key, version + 1 AS version, NULL::text AS epoch
)${tail('changed', '$2::bigint', 'NULL::jsonb', '$3::jsonb', '$4::int')}`,

    list: `
SELECT key, version, updated_at, total, open FROM ${plans}
WHERE ${LIVE} AND ($1::text IS NULL OR agent = $1) AND ($2::text IS NULL OR session = $2)
ORDER BY key`,

    history: `
SELECT version, at, record, source FROM ${revisions}
WHERE key = $1 AND NOT EXISTS (SELECT 1 FROM ${plans} WHERE key = $1 AND NOT ${LIVE})
ORDER BY id DESC LIMIT $2`,

    revisionById: `SELECT key, version, at, record, source FROM ${revisions} WHERE id = $1`,

    // Catch-up after a lost LISTEN connection: what was committed meanwhile, in id order.
    revisionsAfter: `
SELECT id::text AS id, key, version, at, record, source FROM ${revisions}
WHERE id > $1::bigint ORDER BY id LIMIT $2`,

    newestRevisionId: `SELECT coalesce(max(id), 0)::text AS id FROM ${revisions}`,

    purgeOne: `
WITH gone AS (DELETE FROM ${plans} WHERE key = $1 AND NOT ${LIVE} RETURNING key)
DELETE FROM ${revisions} WHERE key IN (SELECT key FROM gone)`,

    purgeAll: `
WITH gone AS (DELETE FROM ${plans} WHERE NOT ${LIVE} RETURNING key),
  states_gone AS (DELETE FROM ${states} WHERE NOT ${LIVE})
DELETE FROM ${revisions} WHERE key IN (SELECT key FROM gone)`,

    // Harness states: their own table, so no revision, trim or NOTIFY (see the store contract).
    getState: `SELECT version, state, NOT ${LIVE} AS expired FROM ${states} WHERE key = $1`,

    // $1 key, $2 expected version, $3 state, $4 ttl ms
    updateState: `
UPDATE ${states} SET version = version + 1, state = $3::text, expires_at = ${expiry('$4')}
WHERE key = $1::text AND version = $2::int AND ${LIVE}
RETURNING version`,

    // $1 key, $2 state, $3 ttl ms: creates the state, or replaces an expired one.
    insertState: `
INSERT INTO ${states} AS existing (key, version, state, expires_at)
VALUES ($1::text, 1, $2::text, ${expiry('$3')})
ON CONFLICT (key) DO UPDATE SET version = 1, state = excluded.state,
  expires_at = excluded.expires_at
WHERE existing.expires_at IS NOT NULL AND existing.expires_at <= clock_timestamp()
RETURNING version`,

    liveStateVersion: `SELECT version FROM ${states} WHERE key = $1 AND ${LIVE}`,

    purgeState: `DELETE FROM ${states} WHERE key = $1 AND NOT ${LIVE}`,
  };
}
