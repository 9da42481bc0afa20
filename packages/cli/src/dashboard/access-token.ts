import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Printable ASCII without spaces: it travels in a header and in a URL query. */
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

/** Why `token` cannot be used, or undefined when it can. */
export function tokenProblem(token: string): string | undefined {
  if (token.length === 0) return 'the access token is empty';
  if (!TOKEN_SHAPE.test(token)) {
    return 'the access token may only hold printable ASCII characters, without spaces';
  }
  return undefined;
}

/** The token a request carries: `Authorization: Bearer T` first, then `?token=T`. */
export function requestToken(request: IncomingMessage, url: URL): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  return url.searchParams.get('token') ?? undefined;
}

/** Compares in constant time (digests have equal length whatever the input). */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
