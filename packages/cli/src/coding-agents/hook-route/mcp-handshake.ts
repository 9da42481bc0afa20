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
  const lines: string[] = [];
  let start = 0;
  for (let at = received.indexOf(NEWLINE); at >= 0; at = received.indexOf(NEWLINE, start)) {
    lines.push(received.subarray(start, at).toString('utf8'));
    start = at + 1;
    const verdict = judge(lines, secret);
    if (verdict !== undefined) {
      return verdict === 'refused'
        ? { kind: 'refused' }
        : { kind: 'done', words: verdict, rest: received.subarray(start) };
    }
  }
  // A line not ended yet must still be able to become the expected one.
  const partial = received.subarray(start).toString('utf8');
  const expected = [MCP_HANDSHAKE, secret][lines.length];
  if (expected !== undefined && !expected.startsWith(partial)) return { kind: 'refused' };
  return received.length > MAX_HANDSHAKE_BYTES ? { kind: 'refused' } : { kind: 'more' };
}

/** The words once every line is in, 'refused' as soon as a line is wrong, else undefined. */
function judge(lines: readonly string[], secret: string): string[] | 'refused' | undefined {
  if (lines[0] !== undefined && lines[0] !== MCP_HANDSHAKE) return 'refused';
  if (lines[1] !== undefined && lines[1] !== secret) return 'refused';
  if (lines[2] === undefined) return undefined;
  const count = Number(lines[2]);
  if (!Number.isInteger(count) || count < 0 || count > 1000) return 'refused';
  return lines.length - 3 === count ? lines.slice(3) : undefined;
}
