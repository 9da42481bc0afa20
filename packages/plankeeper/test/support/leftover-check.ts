/**
 * Vitest global setup: names the run (inherited by the test workers, and the start of every
 * `testTag()`), and after it checks that the Redis and PostgreSQL servers of REDIS_URL and
 * DATABASE_URL hold nothing so named: the suite must leave a person's servers as it found
 * them. What it finds it removes, then fails the run naming it. Only this run's names are
 * looked for, so runs in parallel on one server do not see each other's work.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RUN_VARIABLE } from './test-run.js';
import { deleteRedisKeys } from './url-namespaces.js';

/** The plan index of the Redis store's default key prefix. */
const INDEX = 'plankeeper:plans';

export function setup(): void {
  process.env[RUN_VARIABLE] ??= `k${randomBytes(4).toString('hex')}`;
}

export async function teardown(): Promise<void> {
  const run = process.env[RUN_VARIABLE]!;
  const { REDIS_URL, DATABASE_URL } = process.env;
  const left = [
    ...(REDIS_URL ? await redisLeftovers(REDIS_URL, run) : []),
    ...(DATABASE_URL ? await postgresLeftovers(DATABASE_URL, run) : []),
  ];
  if (left.length > 0) {
    // Vitest prints a teardown's error but keeps the exit code of the tests: fail the run here.
    process.exitCode = 1;
    throw new Error(
      `The tests left ${left.length} keys, tables or schemas on the servers (removed now): ${left.slice(0, 10).join(', ')}`,
    );
  }
}

async function redisLeftovers(url: string, run: string): Promise<string[]> {
  const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await admin.connect();
    const left: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `*${run}*`, 'COUNT', 500);
      left.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    await deleteRedisKeys(admin, `*${run}*`);
    // Plans written through the CLI, under the default prefix, are also listed in its index.
    const names: string[] = [];
    cursor = '0';
    do {
      const [next, members] = await admin.zscan(INDEX, cursor, 'MATCH', `*${run}*`, 'COUNT', 500);
      names.push(...members.filter((_, index) => index % 2 === 0));
      cursor = next;
    } while (cursor !== '0');
    if (names.length > 0) await admin.zrem(INDEX, ...names);
    return [...left, ...names.map((name) => `${INDEX} ${name}`)];
  } catch {
    return []; // a server that cannot be reached holds nothing this run could remove
  } finally {
    admin.disconnect();
  }
}

async function postgresLeftovers(connectionString: string, run: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch {
    return [];
  }
  try {
    const pattern = `%${run}%`;
    const schemas = await admin.query<{ name: string }>(
      'SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE $1',
      [pattern],
    );
    const tables = await admin.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE tablename LIKE $1 AND schemaname NOT LIKE $1`,
      [pattern],
    );
    for (const { name } of schemas.rows) await admin.query(`DROP SCHEMA "${name}" CASCADE`);
    for (const { name } of tables.rows) await admin.query(`DROP TABLE IF EXISTS ${name} CASCADE`);
    return [...schemas.rows, ...tables.rows].map(({ name }) => name);
  } finally {
    await admin.end();
  }
}
