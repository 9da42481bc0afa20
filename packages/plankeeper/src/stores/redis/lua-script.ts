/**
 * Runs a Lua script by its SHA and loads it on the first NOSCRIPT, so each call sends
 * only the hash. Unlike `defineCommand`, this leaves a client the caller handed us as it was.
 */
import type { Redis } from 'ioredis';

export class LuaScript {
  /**
   * Web Crypto hashes asynchronously, so the SHA is known a moment after construction.
   * Until then a call sends the source itself (EVAL): it still goes out at once, so
   * commands keep the order they were issued in (the store sends a queued write before a
   * delete, for one), and Redis caches the script for the EVALSHAs after it.
   */
  private sha: string | undefined;

  constructor(private readonly source: string) {
    sha1Hex(source).then(
      (sha) => {
        this.sha = sha;
      },
      // Never expected; without the SHA every call sends the source, which also works.
      () => undefined,
    );
  }

  async run(client: Redis, keys: readonly string[], args: readonly (string | number)[]) {
    if (this.sha === undefined) return client.eval(this.source, keys.length, ...keys, ...args);
    try {
      return await client.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/** The SHA-1 Redis names a script by, in lowercase hex. */
async function sha1Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
