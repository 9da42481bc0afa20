/**
 * Namespaces for processes that take a store URL and nothing else (the CLI): they use the
 * default key and table prefixes, which on a person's own server may hold their plans.
 * PostgreSQL gets a schema of its own through the URL (`search_path`), dropped afterwards;
 * Redis has no such place in a URL, so a test names its plans with a unique tag and removes
 * every key and index entry carrying that tag.
 */
import { Redis } from 'ioredis';
import pg from 'pg';

/** The default key prefix of the Redis store. */
const REDIS_DEFAULT_PREFIX = 'plankeeper:';

export interface PostgresSchema {
  /** `connectionString` with `search_path` set to the schema. */
  url: string;
  /** Drops the schema and everything made in it. */
  drop(): Promise<void>;
}

export async function postgresSchema(
  connectionString: string,
  tag: string,
): Promise<PostgresSchema> {
  const schema = `pk_test_${tag.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  const admin = new pg.Pool({ connectionString, max: 1 });
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const url = new URL(connectionString);
  const options = url.searchParams.get('options');
  url.searchParams.set('options', `${options ? `${options} ` : ''}-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Deletes every key matching `pattern` (a SCAN pattern). */
export async function deleteRedisKeys(admin: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Deletes every key under `keyPrefix` on the server of `url`. */
export async function removeRedisPrefix(url: string, keyPrefix: string): Promise<void> {
  const admin = new Redis(url);
  try {
    await deleteRedisKeys(admin, `${keyPrefix}*`);
  } finally {
    await admin.quit();
  }
}

/** Removes the default-prefix keys and index entries of plans whose names contain `tag`. */
export async function removeRedisPlansTagged(url: string, tag: string): Promise<void> {
  const admin = new Redis(url);
  try {
    await deleteRedisKeys(admin, `${REDIS_DEFAULT_PREFIX}*${tag}*`);
    const index = `${REDIS_DEFAULT_PREFIX}plans`;
    const names = (await admin.zrange(index, 0, -1)).filter((name) => name.includes(tag));
    if (names.length > 0) await admin.zrem(index, ...names);
  } finally {
    await admin.quit();
  }
}
