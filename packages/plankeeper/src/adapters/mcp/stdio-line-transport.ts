/**
 * The MCP stdio transport (newline-delimited JSON-RPC) with every bad frame answered.
 *
 * The SDK's StdioServerTransport closes the connection when its read buffer passes
 * 10 MiB (so the server exits and an in-memory store loses its plans) and drops lines
 * that do not parse without a reply; its limit is only configurable, the close is not.
 * This one skips an oversized frame up to its newline without buffering it, answers it
 * with an Invalid Request error, answers an unparsable line with -32700 (as JSON-RPC 2.0
 * asks) and keeps reading. The lines come from the core's one line reader (engine/line-reader.ts).
 */
import type { Readable, Writable } from 'node:stream';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { LineReader } from '../../engine/line-reader.js';
import { type FrameId, frameId } from './frame-id.js';

/** The SDK's own limit: clients already keep under it. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes kept from each end of an oversized frame, enough to find its id. */
const END_BYTES = 512;

export class StdioLineTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  private lines: LineReader;
  private started = false;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
    /** Offered each parsed line first: true when it took the line and answers it itself. */
    private readonly takenFirst?: (value: unknown) => boolean,
  ) {
    this.lines = this.newReader();
  }

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
    this.lines = this.newReader();
    this.onclose?.();
  }

  private newReader(): LineReader {
    return new LineReader({ maxLineBytes: this.maxMessageBytes, endBytes: END_BYTES });
  }

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const lines = this.lines;
    lines.append(chunk);
    for (let line = lines.readLine(); line !== undefined; line = lines.readLine()) {
      if (typeof line !== 'string') {
        const id = frameId(line.head, line.tail);
        this.reply(id, -32600, tooLargeMessage(line.bytes, this.maxMessageBytes));
      } else if (line.trim() !== '') {
        this.receive(line);
      }
    }
  };

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply(null, -32700, 'Parse error: the line is not valid JSON.');
      return;
    }
    if (this.takenFirst?.(value)) return;
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
