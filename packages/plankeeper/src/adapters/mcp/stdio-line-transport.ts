/**
 * The MCP stdio transport (newline-delimited JSON-RPC) with every bad frame answered.
 *
 * The SDK's StdioServerTransport closes the connection when its read buffer passes
 * 10 MiB (so the server exits and an in-memory store loses its plans) and drops lines
 * that do not parse without a reply; its limit is only configurable, the close is not.
 * This one skips an oversized frame up to its newline without buffering it, answers it
 * with an Invalid Request error, answers an unparsable line with -32700 (as JSON-RPC 2.0
 * asks) and keeps reading.
 */
import type { Readable, Writable } from 'node:stream';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { type FrameId, frameId } from './frame-id.js';

/** The SDK's own limit: clients already keep under it. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from each end of an oversized frame, enough to find its id. */
const END_BYTES = 512;
const NEWLINE = 0x0a;

interface Skipped {
  bytes: number;
  head: Buffer;
  tail: Buffer;
}

export class StdioLineTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  private chunks: Buffer[] = [];
  private size = 0;
  private skipped: Skipped | undefined;
  private started = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('StdioLineTransport already started.');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    // Pausing stdin lets the process exit; leave it flowing if someone else reads it.
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.size = 0;
    this.skipped = undefined;
    this.onclose?.();
  }

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      this.take(bytes.subarray(start, newline === -1 ? bytes.length : newline));
      if (newline === -1) return;
      this.endFrame();
      start = newline + 1;
    }
  };

  /** Adds part of the current frame, switching to skipping once it passes the limit. */
  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipped) {
      this.skipped.bytes += piece.length;
      this.skipped.tail = lastBytes(Buffer.concat([this.skipped.tail, piece]));
      return;
    }
    if (this.size + piece.length <= this.maxMessageBytes) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    const bytes = this.size + piece.length;
    const last = this.chunks.at(-1);
    this.skipped = {
      bytes,
      head: Buffer.concat([...this.chunks, piece], Math.min(END_BYTES, bytes)),
      tail: lastBytes(last ? Buffer.concat([last, piece]) : piece),
    };
    this.chunks = [];
    this.size = 0;
  }

  private endFrame(): void {
    const skipped = this.skipped;
    if (skipped) {
      this.skipped = undefined;
      const id = frameId(skipped.head.toString('utf8'), skipped.tail.toString('utf8'));
      this.reply(id, -32600, tooLargeMessage(skipped.bytes, this.maxMessageBytes));
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    this.receive(line);
  }

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply(null, -32700, 'Parse error: the line is not valid JSON.');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.reply(idOf(value), -32600, 'Invalid Request: not a JSON-RPC 2.0 message.');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: FrameId, code: number, message: string): void {
    // The SDK types require a request id; JSON-RPC 2.0 answers unreadable ones with null.
    const response = { jsonrpc: '2.0', id, error: { code, message } } as JSONRPCMessage;
    this.send(response).catch((error: unknown) => this.onerror?.(error as Error));
  }
}

function lastBytes(buffer: Buffer): Buffer {
  // A copy, so a large chunk is not kept alive by a small view into it.
  return Buffer.from(buffer.subarray(Math.max(0, buffer.length - END_BYTES)));
}

function idOf(value: unknown): FrameId {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null;
  const { id } = value;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function tooLargeMessage(bytes: number, limit: number): string {
  return `Message too large: ${mib(bytes)} received, the limit is ${mib(limit)}; it was not read. Send less per message.`;
}

function mib(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
}
