/**
 * How long opening a Redis or PostgreSQL store waits for the server to answer. A server
 * that accepts the connection but never answers (a wrong port, a blackholed address, a
 * proxy) would otherwise hold `openStore` for minutes.
 */
import { resolveDuration } from './store-options.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function resolveConnectTimeout(value: number | undefined): number {
  return resolveDuration('connectTimeoutMs', value, DEFAULT_CONNECT_TIMEOUT_MS);
}
