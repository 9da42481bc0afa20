/**
 * `plankeeper/stores/redis`: plans in Redis (ioredis), shared by processes on many
 * machines, with native expiry and pub/sub change delivery.
 *
 * @example
 * import { RedisPlanStore } from 'plankeeper/stores/redis';
 * const store = new RedisPlanStore({ url: process.env.REDIS_URL });
 */
export { RedisPlanStore, type RedisStoreOptions } from './redis-store.js';
