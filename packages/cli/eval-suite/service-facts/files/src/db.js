// The database name comes from the environment (see .env.example); the pool size is fixed.
export const POOL_SIZE = 10;
export const MAX_RETRIES = 2; // reconnect attempts, not payment retries
