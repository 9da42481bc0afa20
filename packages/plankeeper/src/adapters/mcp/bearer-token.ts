/**
 * `Authorization: Bearer <token>` checking. Both sides are hashed before comparing so the
 * comparison takes the same time whatever the guess, and its length leaks nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
