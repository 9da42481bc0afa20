import type { IncomingMessage } from 'node:http';
import { bearerToken } from 'plankeeper/http';

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

/**
 * The token a request carries: `Authorization: Bearer T` first, then `?token=T` (the
 * address printed for a person to open in a browser carries it that way).
 */
export function requestToken(request: IncomingMessage, url: URL): string | undefined {
  return bearerToken(request.headers.authorization) ?? url.searchParams.get('token') ?? undefined;
}
