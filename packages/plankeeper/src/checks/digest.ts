/**
 * A SHA-256 fingerprint built up piece by piece with Web Crypto (the core imports no
 * node:crypto: it runs on edge runtimes too). A file's bytes are digested on their own as
 * they are added, so only 32 bytes per file are held until the end.
 */
export class Digest {
  private readonly parts: (string | Promise<string>)[] = [];

  update(text: string): this {
    this.parts.push(text);
    return this;
  }

  /** Adds `bytes` by their own digest. */
  updateBytes(bytes: Uint8Array): this {
    this.parts.push(sha256(bytes));
    return this;
  }

  /** The hex digest of everything added, in order. */
  async hex(): Promise<string> {
    const parts = await Promise.all(this.parts);
    return sha256(new TextEncoder().encode(parts.join('\0')));
  }
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
