/**
 * The first lines a relay (mcp-relay.ts) sends the resident MCP route (mcp-route.ts), written
 * by bash's printf alone:
 *
 *   plankeeper-mcp 1
 *   <secret>
 *   <n>, then n lines: the words of the MCP command the relay stands in for
 *
 * then, once the resident has answered `ok`, MCP's own messages.
 */
import { admits } from './route-request.js';

export const MCP_HANDSHAKE = 'plankeeper-mcp 1';

export type Handshake =
  /** Not all of it has arrived yet. */
  | { kind: 'more' }
  /** No handshake, or the wrong secret: the connection is closed unanswered. */
  | { kind: 'refused' }
  /** The command's words, and whatever arrived after them. */
  | { kind: 'done'; words: string[]; rest: Buffer };

/** The most a handshake may take: a command line, not a payload. */
const MAX_HANDSHAKE_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

export function readHandshake(received: Buffer, secret: string): Handshake {
  const admitted = admits(received.toString('utf8'), secret, MCP_HANDSHAKE);
  if (admitted === false || received.length > MAX_HANDSHAKE_BYTES) return { kind: 'refused' };
  if (admitted === undefined) return { kind: 'more' };
  // The header and the secret are in: then the count, then as many words.
  const lines: string[] = [];
  let start = 0;
  for (let at = received.indexOf(NEWLINE); at >= 0; at = received.indexOf(NEWLINE, start)) {
    lines.push(received.subarray(start, at).toString('utf8'));
    start = at + 1;
    if (lines.length < 3) continue;
    const count = Number(lines[2]);
    if (!Number.isInteger(count) || count < 0 || count > 1000) return { kind: 'refused' };
    if (lines.length - 3 === count) {
      return { kind: 'done', words: lines.slice(3), rest: received.subarray(start) };
    }
  }
  return { kind: 'more' };
}
