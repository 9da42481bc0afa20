/**
 * `Authorization: Bearer <token>` reading and token comparison, with Web Crypto
 * (`globalThis.crypto`, in Node 20 and on edge runtimes) rather than node:crypto.
 */

/** `Bearer`, spaces or tabs, one token (RFC 6750 §2.1); the scheme in any case. */
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other value. */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}

/**
 * True when `given` is `expected`. Both are hashed first and the digests compared byte by
 * byte without stopping early, so the time taken says nothing about how much of a guess
 * was right, and nothing about the secret's length.
 */
export async function tokensMatch(expected: string, given: string | undefined): Promise<boolean> {
  if (given === undefined) return false;
  const [left, right] = await Promise.all([digest(expected), digest(given)]);
  let difference = 0;
  for (let index = 0; index < left.length; index++) {
    difference |= left[index]! ^ right[index]!;
  }
  return difference === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}
