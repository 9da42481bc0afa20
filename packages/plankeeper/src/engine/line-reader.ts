/**
 * One reader of newline-delimited JSON (`plankeeper/lines`), for every stdio path: the MCP
 * stdio transport, the early answers of `plankeeper mcp`, `plankeeper hook --serve` and the
 * OpenCode plugin. Shaped like the MCP SDK's ReadBuffer (append chunks, read one line at a
 * time), but linear in the bytes: each byte is searched for a newline once, when its chunk
 * arrives, and a line's pieces are joined once, when its newline comes. Re-scanning or
 * re-joining a growing buffer at every chunk made one long line cost quadratic time.
 *
 * A line past `maxLineBytes` is not kept: its bytes are counted and dropped as they come,
 * only its two ends are kept (enough to find a JSON-RPC id), and reading it gives an
 * OversizeLine instead of its text, so memory stays bounded whatever a peer sends.
 *
 * It sits in the engine, the bottom of the core, because it imports nothing (not even Node's
 * modules: the OpenCode plugin runs it under Bun) and the MCP adapter uses it as well as the
 * application.
 */

/** What reading a line past the limit gives: its size and its two ends; the rest was dropped. */
export interface OversizeLine {
  /** The line's bytes before its newline. */
  readonly bytes: number;
  /** Its first bytes (at most `endBytes`), as text. */
  readonly head: string;
  /** Its last bytes (at most `endBytes`), as text. */
  readonly tail: string;
}

export interface LineReaderOptions {
  /** Lines longer than this (in bytes, before the newline) are dropped. Default: no limit. */
  maxLineBytes?: number;
  /** Bytes kept from each end of a dropped line. Default 512. */
  endBytes?: number;
}

const NEWLINE = 0x0a;
const encoder = new TextEncoder();

/** A line too long to keep, while it is still arriving. */
interface Dropping {
  bytes: number;
  head: Uint8Array;
  tail: Uint8Array;
}

export class LineReader {
  private readonly maxLineBytes: number;
  private readonly endBytes: number;
  // A byte order mark stays in the text, as Buffer's toString keeps it: JSON.parse refuses it.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Whole lines not read yet (without their newline), or the record of a dropped one. */
  private ready: (Uint8Array | Dropping)[] = [];
  private nextReady = 0;
  /** The pieces of the line whose newline has not come yet. */
  private partial: Uint8Array[] = [];
  private partialBytes = 0;
  private dropping: Dropping | undefined;

  constructor(options: LineReaderOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.endBytes = options.endBytes ?? 512;
  }

  /** Adds what arrived; a string is taken as UTF-8. */
  append(chunk: Uint8Array | string): void {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      this.take(bytes.subarray(start, end));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  /**
   * The next whole line as text, without its newline or a carriage return before it; an
   * OversizeLine for one past the limit; undefined when no whole line has arrived.
   */
  readLine(): string | OversizeLine | undefined {
    const line = this.shift();
    if (line === undefined) return undefined;
    if (!(line instanceof Uint8Array)) {
      return {
        bytes: line.bytes,
        head: this.decoder.decode(line.head),
        tail: this.decoder.decode(line.tail),
      };
    }
    const text = this.decoder.decode(line);
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  }

  /** The bytes held for a line whose newline has not come yet (0 while dropping one). */
  get pendingBytes(): number {
    return this.partialBytes;
  }

  /**
   * Everything appended and not read, as it came (whole lines with their newline, then the
   * start of the next), and forgets it: for a reader that stops and passes the rest on.
   * The bytes of a line being dropped are gone; its ends are not given back.
   */
  takeRest(): Uint8Array {
    const pieces: Uint8Array[] = [];
    for (let line = this.shift(); line !== undefined; line = this.shift()) {
      if (line instanceof Uint8Array) pieces.push(line, Uint8Array.of(NEWLINE));
    }
    pieces.push(...this.partial);
    this.partial = [];
    this.partialBytes = 0;
    this.dropping = undefined;
    return join(pieces);
  }

  /** The start of a line the input ended in the middle of, as text; forgets it. */
  takeUnfinished(): string {
    const text = this.decoder.decode(join(this.partial));
    this.partial = [];
    this.partialBytes = 0;
    this.dropping = undefined;
    return text;
  }

  /** Adds part of the current line, switching to dropping it once it passes the limit. */
  private take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    const dropping = this.dropping;
    if (dropping) {
      dropping.bytes += piece.length;
      dropping.tail = this.lastBytes(dropping.tail, piece);
      return;
    }
    if (this.partialBytes + piece.length <= this.maxLineBytes) {
      this.partial.push(piece);
      this.partialBytes += piece.length;
      return;
    }
    const last = this.partial.at(-1) ?? new Uint8Array(0);
    const bytes = this.partialBytes + piece.length;
    this.dropping = {
      bytes,
      head: join([...this.partial, piece], Math.min(this.endBytes, bytes)),
      tail: this.lastBytes(last, piece),
    };
    this.partial = [];
    this.partialBytes = 0;
  }

  private endLine(): void {
    if (this.dropping) {
      this.ready.push(this.dropping);
      this.dropping = undefined;
      return;
    }
    this.ready.push(join(this.partial));
    this.partial = [];
    this.partialBytes = 0;
  }

  private shift(): Uint8Array | Dropping | undefined {
    if (this.nextReady >= this.ready.length) return undefined;
    const line = this.ready[this.nextReady++];
    if (this.nextReady === this.ready.length) {
      // All read: start the queue afresh rather than shifting it line by line.
      this.ready = [];
      this.nextReady = 0;
    }
    return line;
  }

  /** The last endBytes of `before` followed by `piece`, copied, so no large chunk stays alive. */
  private lastBytes(before: Uint8Array, piece: Uint8Array): Uint8Array {
    if (piece.length >= this.endBytes) return piece.slice(piece.length - this.endBytes);
    const fromBefore = Math.min(before.length, this.endBytes - piece.length);
    return join([before.subarray(before.length - fromBefore), piece]);
  }
}

/** `pieces` joined into one array, cut at `limit` bytes; a lone piece is returned as it is. */
function join(pieces: readonly Uint8Array[], limit = Number.POSITIVE_INFINITY): Uint8Array {
  const total = Math.min(
    limit,
    pieces.reduce((sum, piece) => sum + piece.length, 0),
  );
  if (pieces.length === 1 && pieces[0]!.length === total) return pieces[0]!;
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    if (offset >= total) break;
    const part = piece.subarray(0, total - offset);
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
