/**
 * Many sessions claiming items of one shared list through one Redis store: every write
 * goes to the same key, so most are decided again after a compare-and-set conflict, on a
 * plan other claims and releases changed since the caller's read.
 */
import { Redis } from 'ioredis';
import { PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { RedisPlanStore } from 'plankeeper/stores/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBackend, warnIfUnavailable } from '../support/store-fixtures.js';
import { testTag } from '../support/test-run.js';

const skip = warnIfUnavailable(redisBackend, 'the Redis shared-list claims test');

const SESSIONS = 32;
const ITEMS = 40;
const CLAIMS_EACH = 3;

describe.skipIf(skip)('claims on one shared list in Redis', () => {
  const url = process.env.REDIS_URL!;
  const keyPrefix = `plankeeper-test:claims-${testTag()}:`;
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(url);
  });
  afterAll(async () => {
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('gives each session only the items it started, so 32 sessions keep claiming and releasing', async () => {
    const store = new RedisPlanStore({ url, keyPrefix });
    const key = sharedListKey('claims');
    const limits = { maxItems: ITEMS };
    await new PlanEngine({ store, limits }).add(
      key,
      Array.from({ length: ITEMS }, (_, index) => ({ content: `Fix module ${index + 1}` })),
    );
    // One engine per session, as sessions in as many processes would have.
    const engines = Array.from({ length: SESSIONS }, () => new PlanEngine({ store, limits }));
    const orphans: string[] = [];
    let claims = 0;
    await Promise.all(
      engines.map(async (engine, session) => {
        const owner = `sess-${session}`;
        for (let done = 0; done < CLAIMS_EACH; ) {
          const plan = await engine.snapshot(key);
          const pending = plan.items.filter((item) => item.status === 'pending');
          const picked = pending[Math.floor(Math.random() * pending.length)];
          if (!picked) {
            await new Promise((resolve) => setImmediate(resolve));
            continue;
          }
          // The whole list as read, the picked item started.
          const written = await engine.write(
            key,
            plan.items.map((item) => ({
              id: item.id,
              content: item.content,
              status: item.id === picked.id ? 'in_progress' : item.status,
            })),
            { owner },
          );
          if (!written.ok) continue; // refused: the caller reads again, as a model would
          const mine = written.snapshot.items.filter((item) => item.owner === owner);
          // Anything else the session owns now is an item it never started nor knows of.
          for (const item of mine) if (item.id !== picked.id) orphans.push(`${owner} #${item.id}`);
          if (mine.length === 0) continue; // too late: another session had it first
          expect(await engine.releaseOwner(key, owner)).toEqual(mine.map((item) => item.id));
          done++;
          claims++;
        }
      }),
    );
    expect(orphans).toEqual([]);
    expect(claims).toBe(SESSIONS * CLAIMS_EACH);
    const after = await new PlanEngine({ store, limits }).snapshot(key);
    expect(after.items.filter((item) => item.owner !== undefined)).toEqual([]);
    expect(after.items.every((item) => item.status === 'pending')).toBe(true);
    await store.close();
  }, 60_000);
});
