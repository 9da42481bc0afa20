/**
 * Cuts a byte stream of newline-delimited JSON-RPC into whole lines, each exactly as it came
 * (its `\n` included, `\r` and all). The proxy forwards whole lines only, so a notification
 * it adds is written between two messages, never inside one.
 */
export class LineSplicer {
  private pending: Buffer[] = [];

  /** The complete lines `chunk` finishes; a trailing partial line waits for the next chunk. */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    let newline = chunk.indexOf(0x0a, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline + 1);
      if (this.pending.length > 0) {
        lines.push(Buffer.concat([...this.pending, piece]));
        this.pending = [];
      } else {
        lines.push(piece);
      }
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return lines;
  }

  /** What is left when the stream ends (a last line without `\n`), or undefined. */
  flush(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    return rest;
  }
}

/**
 * The JSON object a line holds, or undefined for anything else (a malformed line, an array,
 * a line too long to be one of the few messages the proxy reads). Never throws.
 */
export function parseLine(line: Buffer, maxBytes = 1_000_000): Record<string, unknown> | undefined {
  if (line.length > maxBytes) return undefined;
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
