/**
 * LuaScript hashes with Web Crypto (the core imports no node:crypto), which is
 * asynchronous; the SHA must still be Redis's, and no call may wait for it.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { LuaScript } from './lua-script.js';

const SOURCE = "return redis.call('GET', KEYS[1])";

function fakeClient(evalsha: () => Promise<unknown> = async () => 'by sha') {
  return { eval: vi.fn(async () => 'by source'), evalsha: vi.fn(evalsha) };
}

describe('LuaScript', () => {
  it('sends the source at once before the SHA is known, then the SHA Redis expects', async () => {
    const script = new LuaScript(SOURCE);
    const client = fakeClient();
    const first = script.run(client as unknown as Redis, ['k'], [1]);
    // Sent in the same tick as the call: commands go out in the order they are issued.
    expect(client.eval).toHaveBeenCalledWith(SOURCE, 1, 'k', 1);
    expect(await first).toBe('by source');

    const sha = createHash('sha1').update(SOURCE).digest('hex');
    await vi.waitFor(async () => {
      await script.run(client as unknown as Redis, ['k'], [2]);
      expect(client.evalsha).toHaveBeenCalledWith(sha, 1, 'k', 2);
    });
  });

  it('falls back to the source on NOSCRIPT and passes other errors on', async () => {
    const script = new LuaScript(SOURCE);
    const noScript = fakeClient(async () => {
      throw new Error('NOSCRIPT No matching script. Please use EVAL.');
    });
    await vi.waitFor(async () => {
      await script.run(noScript as unknown as Redis, [], []);
      expect(noScript.evalsha).toHaveBeenCalled();
    });
    expect(noScript.eval).toHaveBeenCalledTimes(noScript.evalsha.mock.calls.length + 1);

    const refused = fakeClient(async () => {
      throw new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    });
    await expect(script.run(refused as unknown as Redis, [], [])).rejects.toThrow(/WRONGTYPE/);
    expect(refused.eval).not.toHaveBeenCalled();
  });
});
